/** Saved mixes: names of 1-40 characters (after trimming), at most 20 per browser. */
export const AMBIENT_MIX_NAME_MAX_LENGTH = 40;
export const AMBIENT_SAVED_MIXES_MAX = 20;
