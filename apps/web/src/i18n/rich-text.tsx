import { cloneElement, type ReactElement, type ReactNode } from 'react';

/*
 * A translated sentence with elements inside it (a link in the middle of a sentence, a figure in
 * bold), kept whole as one message so a translator sees the whole sentence and a language puts
 * the element wherever its grammar wants it (decision 076: no sentence is glued from pieces).
 */

/** `<0>words</0>`: an element's words inside a message, numbered as Lingui's <Trans> numbers them. */
const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * A message whose element has words of its own: the message marks them with a numbered tag, as
 * Lingui's <Trans> writes them, `` t`Read our <0>privacy policy</0>.` ``; a language may move
 * the tags wherever its grammar puts the words. Each tag becomes the element of its number in
 * `elements`, with the tag's words as its children (the element's own props, a class or a test
 * id, stay); a tag with no element keeps its words as plain text. Tags do not nest. Empty texts
 * between tags are dropped, so the markup is what the same JSX written by hand gives.
 */
export function richMessage(message: string, elements: readonly ReactElement[]): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = elements[Number(match[1])];
    const words = match[2] ?? '';
    parts.push(element ? cloneElement(element, { key: parts.length }, words) : words);
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
}
