import {
  AMBIENT_MESSAGES,
  AMBIENT_MIX_NAME_MAX_LENGTH,
  AMBIENT_SAVED_MIXES_MAX,
  type SoundscapeId,
} from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { coreTextInReaderLanguage, i18n } from '../../i18n';

/**
 * The ambient mixer's words in the reader's language (product §8 ambient mixer). Core names the
 * soundscapes and words its messages in English (SOUNDSCAPES, AMBIENT_MESSAGES); the same
 * English is here, by core's ids and keys, as descriptors rendered with `i18n._`.
 */

/** Core's SOUNDSCAPES names, by id. */
export const SOUNDSCAPE_NAMES: Record<SoundscapeId, MessageDescriptor> = {
  rain: msg`Rain`,
  waves: msg`Ocean waves`,
  wind: msg`Wind`,
  fire: msg`Crackling fire`,
  white: msg`White noise`,
  pink: msg`Pink noise`,
  brown: msg`Brown noise`,
};

/** A soundscape's name in the active language. */
export function soundscapeLabel(id: SoundscapeId): string {
  return i18n._(SOUNDSCAPE_NAMES[id]);
}

type FixedMessageKey = {
  [K in keyof typeof AMBIENT_MESSAGES]: (typeof AMBIENT_MESSAGES)[K] extends string ? K : never;
}[keyof typeof AMBIENT_MESSAGES];

const maxLength = AMBIENT_MIX_NAME_MAX_LENGTH;
const maxMixes = AMBIENT_SAVED_MIXES_MAX;

/** Core's fixed AMBIENT_MESSAGES, by key. */
const FIXED_MESSAGES: Record<FixedMessageKey, MessageDescriptor> = {
  mixNameRequired: msg`Give the mix a name.`,
  mixNameTooLong: msg`${plural(maxLength, {
    one: 'A mix name can be at most # character.',
    other: 'A mix name can be at most # characters.',
  })}`,
  mixLimitReached: msg`${plural(maxMixes, {
    one: 'You can keep at most # mix. Delete one to save another.',
    other: 'You can keep at most # mixes. Delete one to save another.',
  })}`,
  mixNothingOn: msg`Turn on at least one sound before saving a mix.`,
  noAudio: msg`This browser cannot generate sound (no Web Audio).`,
};

/** Core's messages about one saved mix, by key. */
export const MIX_MESSAGES = {
  mixSaved: (name: string) => msg`Saved "${name}".`,
  mixReplaced: (name: string) => msg`Updated "${name}".`,
  mixLoaded: (name: string) => msg`Loaded "${name}".`,
  mixDeleted: (name: string) => msg`Deleted "${name}".`,
} satisfies Partial<Record<keyof typeof AMBIENT_MESSAGES, (name: string) => MessageDescriptor>>;

/** The no-Web-Audio notice. */
export const NO_AUDIO = FIXED_MESSAGES.noAudio;

/**
 * One of core's fixed messages (a refused mix name or save) in the active language; a text core
 * has no key for stays as it is.
 */
export function ambientMessage(coreText: string): string {
  return coreTextInReaderLanguage<FixedMessageKey>(coreText, AMBIENT_MESSAGES, FIXED_MESSAGES);
}
