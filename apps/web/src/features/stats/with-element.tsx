import type { ReactNode } from 'react';

/**
 * Stands for an element inside a translated sentence (decision 076: no sentence glued from
 * pieces). The sentence is one message whose placeholder is given this value
 * (`` t`Delete ${name}?` `` with `const name = ELEMENT_SLOT`), so a translator sees it whole and
 * may move the placeholder; `withElement` puts the element (a name in bold, a button) where the
 * translation has it. A private-use character, which no translation holds by itself.
 */
export const ELEMENT_SLOT = '\uE000';

/** The sentence with `element` in place of its ELEMENT_SLOT (the sentence alone without one). */
export function withElement(sentence: string, element: ReactNode): ReactNode {
  const at = sentence.indexOf(ELEMENT_SLOT);
  if (at === -1) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      {element}
      {sentence.slice(at + ELEMENT_SLOT.length)}
    </>
  );
}
