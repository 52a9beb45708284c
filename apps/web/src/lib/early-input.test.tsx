import { useForm } from '@mantine/form';
import { render } from '@testing-library/react';
import { act, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REPLAYED_INPUT_TIME,
  replayedInputTime,
  useAdoptEarlyFormInput,
  useAdoptEarlyInput,
} from './early-input';

// hydrateRoot is called directly (Testing Library renders afresh): tell React act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** A controlled field, what its state holds, and a button that makes it render again. */
function Field({ onAdopt }: { onAdopt?: (typed: string) => void }) {
  const [text, setText] = useState('');
  const [, setRenders] = useState(0);
  const ref = useRef<HTMLInputElement>(null);
  useAdoptEarlyInput(ref, text, (typed) => {
    onAdopt?.(typed);
    setText(typed);
  });
  return (
    <>
      <input ref={ref} aria-label="task" value={text} onChange={(e) => setText(e.target.value)} />
      <output>{text}</output>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        again
      </button>
    </>
  );
}

/** The server's HTML of `page`, in the document, as the browser shows it before the app runs. */
function serverHtml(page: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

function hydrate(container: HTMLElement, page: React.ReactElement) {
  act(() => {
    root = hydrateRoot(container, page);
  });
}

describe('a field typed into before the page hydrated', () => {
  it('keeps what was typed, with the caret where it was, through the renders after hydration', () => {
    const container = serverHtml(<Field />);
    const input = container.querySelector('input')!;
    input.focus();
    input.value = 'ada_lovelace';
    input.setSelectionRange(3, 3);
    hydrate(container, <Field />);
    act(() => container.querySelector('button')!.click());
    expect(input.value).toBe('ada_lovelace');
    expect(container.querySelector('output')!.textContent).toBe('ada_lovelace');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([3, 3]);
  });

  it('adopts nothing in a page rendered afresh, or where nothing was typed', () => {
    const adopted = vi.fn();
    render(<Field onAdopt={adopted} />);
    const container = serverHtml(<Field onAdopt={adopted} />);
    hydrate(container, <Field onAdopt={adopted} />);
    expect(adopted).not.toHaveBeenCalled();
  });
});

function LoginForm() {
  const form = useForm({ initialValues: { identifier: '', rememberMe: true } });
  const ref = useRef<HTMLFormElement>(null);
  useAdoptEarlyFormInput(ref, form);
  const values = form.getValues();
  return (
    <form ref={ref}>
      <input aria-label="identifier" {...form.getInputProps('identifier')} />
      <input
        type="checkbox"
        aria-label="remember"
        {...form.getInputProps('rememberMe', { type: 'checkbox' })}
      />
      <output>{`${values.identifier}|${String(values.rememberMe)}`}</output>
    </form>
  );
}

describe('a form filled in before the page hydrated', () => {
  it('takes its text fields and checkboxes as they are in the page', () => {
    const container = serverHtml(<LoginForm />);
    const identifier = container.querySelector<HTMLInputElement>('[aria-label="identifier"]')!;
    const remember = container.querySelector<HTMLInputElement>('[aria-label="remember"]')!;
    identifier.value = 'ada@example.com';
    remember.checked = false;
    hydrate(container, <LoginForm />);
    expect(container.querySelector('output')!.textContent).toBe('ada@example.com|false');
    expect(identifier.value).toBe('ada@example.com');
    expect(remember.checked).toBe(false);
  });
});

describe('the time of an input handed over by the boot file', () => {
  it('is the time it carries, and none for an input handled as it happens', () => {
    const kept = new MouseEvent('click');
    Object.defineProperty(kept, REPLAYED_INPUT_TIME, { value: 1234 });
    expect(replayedInputTime(kept)).toBe(1234);
    expect(replayedInputTime(new MouseEvent('click'))).toBeUndefined();
    expect(replayedInputTime(undefined)).toBeUndefined();
  });
});
