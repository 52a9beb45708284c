import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with one part set apart, written `<0>…</0>` in the message (the form of
 * Lingui's `<Trans>`, which translators know): the sentence stays one message, in the word order
 * of its language, and `part` draws the marked words (a <strong>, say). Empty texts are dropped,
 * so the markup is what the same JSX written by hand gives.
 */
export function taggedText(text: string, part: (words: string) => ReactNode): ReactNode[] {
  return text.split(/<0>(.*?)<\/0>/s).flatMap((chunk, index): ReactNode[] => {
    if (index % 2 === 1) return [<Fragment key={index}>{part(chunk)}</Fragment>];
    return chunk === '' ? [] : [chunk];
  });
}
