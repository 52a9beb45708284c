import type { UseFormReturnType } from '@mantine/form';
import { useLayoutEffect, useState, type RefObject } from 'react';

/*
 * Input made on a pre-rendered page before the app hydrated it (docs/decisions/048). The page's
 * fields work as plain HTML from the first paint; what the person typed (or pasted, or a
 * password manager filled in) is in the DOM, not in the app's state, and React hydrates a field
 * without reading its value: the next render would write the state's empty value back over it.
 * So each field adopts, in the commit that hydrates it (before any later render), what the DOM
 * holds. The DOM then equals the state, so React writes nothing: the caret and the focus stay
 * where the person left them. In a page rendered afresh the two are equal and nothing happens.
 *
 * What needs the app (a click on Start, a submission, a shortcut) the boot file keeps and hands
 * over once the app answers (app/boot/early-input.ts), each event carrying its own time.
 */

/** The property the boot file sets on an event it hands over: when the person acted (epoch ms). */
export const REPLAYED_INPUT_TIME = 'focusroomInputTime';

/**
 * When the person made `event`, if it is one the boot file kept while the app loaded and handed
 * over since; undefined for an event handled as it happens (its time is now).
 */
export function replayedInputTime(event: Event | undefined): number | undefined {
  if (!event) return undefined;
  const at = (event as unknown as Record<string, unknown>)[REPLAYED_INPUT_TIME];
  return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}

/**
 * Adopts into state what the person typed into the field `ref` before it hydrated: `adopt` is
 * called once, in the hydrating commit, with the DOM's value when it differs from the rendered
 * `value`.
 */
export function useAdoptEarlyInput(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  // The values of the render that hydrated the field; later ones are the app's own.
  const [hydrated] = useState(() => ({ value, adopt }));
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && field.value !== hydrated.value) hydrated.adopt(field.value);
  }, [ref, hydrated]);
}

/**
 * `useAdoptEarlyInput` for every field of a Mantine form (`form.getInputProps` marks each with
 * `data-path`): text fields adopt their value, checkboxes whether they are checked.
 */
export function useAdoptEarlyFormInput<Values>(
  ref: RefObject<HTMLFormElement | null>,
  form: Pick<UseFormReturnType<Values>, 'getValues' | 'setFieldValue'>,
): void {
  const [hydrated] = useState(() => form);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const values = hydrated.getValues() as Record<string, unknown>;
    const set = hydrated.setFieldValue as (path: string, value: unknown) => void;
    for (const field of Array.from(element.elements)) {
      const path = field instanceof HTMLElement ? field.dataset.path : undefined;
      if (path === undefined || !(path in values)) continue;
      const current = values[path];
      const input = field as HTMLInputElement;
      if (typeof current === 'boolean') {
        if (input.checked !== current) set(path, input.checked);
      } else if (typeof current === 'string' && input.value !== current) {
        set(path, input.value);
      }
    }
  }, [ref, hydrated]);
}
