import { i18n, type MessageDescriptor } from '@lingui/core';

/**
 * One of core's English texts in the reader's language (decision 076). Some texts come with no
 * code to look up: an API's success answer (the API words it as core's constants say), or what
 * one of core's checks returns in the browser. Core keeps its texts by id (`texts`); the web
 * has a message of the same English under the same id (`words`). A text that is core's text of
 * an id the web has a message for is shown as that message; any other text as it came.
 */
export function coreTextInReaderLanguage<Id extends string>(
  text: string,
  texts: Readonly<Record<Id, string>>,
  words: Partial<Record<Id, MessageDescriptor>>,
): string {
  for (const id of Object.keys(words) as Id[]) {
    const word = words[id];
    if (word && texts[id] === text) return i18n._(word);
  }
  return text;
}
