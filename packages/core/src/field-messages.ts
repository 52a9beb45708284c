import {
  BIO_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.js';

/**
 * What the API's request checks say about one field (`errors[field]`, and `message` for the
 * first): the account and profile fields, ids, time zones and positions (the timer settings' are
 * SETTINGS_MESSAGES, beside their rules). Each
 * has its code in api-errors.ts, so the web app shows it in the reader's language.
 */
export const FIELD_MESSAGES = {
  emailTooLong: 'Email is too long',
  emailInvalid: 'Enter a valid email address',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  currentPasswordRequired: 'Current password is required',
  passwordRequired: 'Password is required',
  linkHasNoToken: 'The link has no token',
  avatar: 'Avatar must be a #colour, an icon:name, a linear-gradient(...) or an https image URL',
  bioTooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  id: 'Must be an id',
  timeZone: 'Unknown time zone',
  nextPath: 'next must be a path on this site',
  todoTextNotText: 'To-do text must be text',
  positionWhole: 'position must be a whole number',
  positionNegative: 'position must not be negative',
  positionTooLarge: 'position is too large',
} as const;
