import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { composeDocumentTitle, useDocumentTitle } from './use-document-title';

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

afterEach(() => {
  act(() => i18n.activate('en'));
});

describe('composeDocumentTitle', () => {
  it('names the page before the product, and the product alone on the home page', () => {
    expect(composeDocumentTitle('Stats', null)).toBe('Stats · Focusroom');
    expect(composeDocumentTitle(null, null)).toBe('Focusroom · Focus timer');
  });

  it('gives the tab to a timer under way', () => {
    expect(composeDocumentTitle('Stats', '24:57 · Focus')).toBe('24:57 · Focus');
  });
});

describe('useDocumentTitle', () => {
  it('writes the title again in a language chosen while the page is open', () => {
    render(<Page title={null} />);
    expect(document.title).toBe('Focusroom · Focus timer');
    const id = generateMessageId('Focusroom · Focus timer');
    act(() =>
      i18n.loadAndActivate({ locale: 'de', messages: { [id]: 'Focusroom · Fokus-Timer' } }),
    );
    expect(document.title).toBe('Focusroom · Fokus-Timer');
  });
});
