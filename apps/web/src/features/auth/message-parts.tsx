import { Fragment, type ReactNode } from 'react';

/** Marks where a part goes in a translated text; a private-use character no message contains. */
const MARK = '\uE000';

/**
 * The value of a placeholder that stands for a part of the page (a bold address, a link) in a
 * sentence kept whole as one message (decision 076): `` t`Sent to ${email}.` `` with
 * `const email = part('email')`, so the translator sees `{email}` and may move it. `withParts`
 * then puts the part in its place.
 */
export function part(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/** The translated `text` with each `part(name)` in it replaced by `parts[name]`. */
export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode[] {
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
