import { Fragment, cloneElement, type ReactElement, type ReactNode } from 'react';

/*
 * A translated sentence with elements inside it (a link in the middle of a sentence, a figure in
 * bold), kept whole as one message so a translator sees the whole sentence and a language puts
 * the element wherever its grammar wants it (decision 076: no sentence is glued from pieces).
 * An element with words of its own is a numbered tag (`richMessage`); an element that is a value
 * (a name in bold, an address, a link or a button whose words are a message of their own) is a
 * placeholder (`part` and `withParts`).
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

/** Marks where a part goes in a translated text; a private-use character no message contains. */
const MARK = '\uE000';

/**
 * The value of a placeholder that stands for an element in a sentence: `` t`Sent to ${email}.` ``
 * with `const email = part('email')`, so the translator sees `{email}` and may move it; keep the
 * variable's name, which is the placeholder's name in the message. `withParts` then puts the
 * element in its place.
 */
export function part(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/**
 * The translated `text` with each `part(name)` in it replaced by `parts[name]` (wherever, and as
 * often as, the translation has it); a text without parts stays as it is. Empty texts are
 * dropped, so the markup is what the same JSX written by hand gives.
 */
export function withParts(text: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return text
    .split(MARK)
    .flatMap<ReactNode>((piece, index) =>
      index % 2 === 0
        ? piece === ''
          ? []
          : [piece]
        : [<Fragment key={`${piece}-${index}`}>{parts[piece]}</Fragment>],
    );
}
