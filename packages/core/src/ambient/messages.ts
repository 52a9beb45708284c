import { AMBIENT_MIX_NAME_MAX_LENGTH, AMBIENT_SAVED_MIXES_MAX } from './saved-mixes-limits.js';

/** Every message the ambient mixer shows (product §8 ambient mixer). */
export const AMBIENT_MESSAGES = {
  mixNameRequired: 'Give the mix a name.',
  mixNameTooLong: `A mix name can be at most ${AMBIENT_MIX_NAME_MAX_LENGTH} characters.`,
  mixLimitReached: `You can keep at most ${AMBIENT_SAVED_MIXES_MAX} mixes. Delete one to save another.`,
  mixNothingOn: 'Turn on at least one sound before saving a mix.',
  mixSaved: (name: string) => `Saved "${name}".`,
  mixReplaced: (name: string) => `Updated "${name}".`,
  mixLoaded: (name: string) => `Loaded "${name}".`,
  mixDeleted: (name: string) => `Deleted "${name}".`,
  noAudio: 'This browser cannot generate sound (no Web Audio).',
} as const;
