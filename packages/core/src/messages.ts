import {
  SESSION_DURATION_MAX_MINUTES,
  SESSION_MAX_SPAN_DAYS,
  SESSION_TASK_MAX_LENGTH,
  SESSIONS_PAGE_MAX,
  TODO_DONE_POMODOROS_MAX,
  TODO_ESTIMATE_MAX,
  TODO_ESTIMATE_MIN,
  TODO_TEXT_MAX_LENGTH,
  TODOS_MAX_ITEMS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.js';

/** User-facing messages fixed word for word by the product (product §5 and §8). */
export const MESSAGES = {
  loginRequired: 'Email/username and password are required',
  passwordsDoNotMatch: 'Passwords do not match',
  loginFailed: 'Login failed',
  loginApiError: 'An error occurred during login',
  loginUnexpectedError: 'An unexpected error occurred during login',
  invalidLoginResponse: 'Invalid login response format',
  authInvalidToken: 'Authentication failed: Invalid token',
  profileNotLoaded: 'Logged in, but profile information could not be loaded',
  verifySuccess: 'Your email has been verified successfully!',
  verifyNoToken: 'No verification token found in URL',
  verifyFailed: 'Failed to verify email. Please try again or request a new verification link.',
  verifyResendFailed: 'Failed to resend verification email. Please try again later.',
  resendFailed: 'Failed to resend verification email',
  resendError: 'An error occurred while resending the verification email',
  resendInvalidEmail: 'Please enter a valid email address',
  resendEmptyEmail: 'Please enter your email address',
  sessionRecorded: 'Session recorded!',
  loginToSaveSessions: 'Please login to save sessions.',
  accountDeleteFailed: 'Your account could not be deleted. Please try again.',
  /** A pre-rendered page whose app did not load or answer (docs/decisions/048). */
  appDidNotStart:
    'Focusroom could not finish loading, so what you do on this page cannot be acted on yet. Check your connection and reload the page.',
} as const;

/** The username rule (USERNAME_PATTERN) in words, for forms and the API. */
export const USERNAME_MESSAGES = {
  invalid: `Username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters of letters, digits, underscore, dot or hyphen`,
  required: 'Please choose a username',
  hint: `${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} letters, digits, dots, dashes or underscores`,
  taken: 'This username is already taken',
} as const;

/** Why a focus session was refused (product §7, §8). */
export const SESSION_MESSAGES = {
  instant: 'Must be an ISO 8601 time with an offset, e.g. 2026-11-22T09:00:00-08:00',
  instantRange: 'Must be a time between the years 1970 and 9999',
  duration: `Duration must be a number of minutes from 0 to ${SESSION_DURATION_MAX_MINUTES}`,
  task: `Task must be at most ${SESSION_TASK_MAX_LENGTH} characters`,
  clientId: 'client_id must be a UUID (8-4-4-4-12 hexadecimal digits)',
  endBeforeStart: 'End time must not be before the start time',
  spanTooLong: `A session may last at most ${SESSION_MAX_SPAN_DAYS} days from start to end`,
  limit: `limit must be a whole number from 1 to ${SESSIONS_PAGE_MAX}`,
  fromAfterTo: 'from must not be after to',
  cursor: 'Invalid cursor',
  notFound: 'Session not found',
} as const;

/** Why a to-do change was refused (product §7, §8). */
export const TODO_MESSAGES = {
  tooMany: `A to-do list holds at most ${TODOS_MAX_ITEMS} items`,
  empty: 'To-do text must not be empty',
  tooLong: `To-do text must be at most ${TODO_TEXT_MAX_LENGTH} characters`,
  notFound: 'To-do not found',
  estimate: `Estimate must be a whole number of pomodoros from ${TODO_ESTIMATE_MIN} to ${TODO_ESTIMATE_MAX}`,
  donePomodoros: `Done pomodoros must be a whole number from 0 to ${TODO_DONE_POMODOROS_MAX}`,
  active: 'active must be true or false',
  oneActive: 'At most one to-do can be active',
} as const;

const LINK_HOUR_MS = 60 * 60 * 1000;
const LINK_DAY_MS = 24 * LINK_HOUR_MS;

/**
 * How long a mailed link works, in the words the mails and pages use: whole days from two days
 * up ("7 days"), else whole hours ("1 hour", "24 hours"). Each page and mail says it from the
 * link's TTL, so the words change with the limit.
 */
export function linkLifetimeInWords(ms: number): string {
  if (ms >= 2 * LINK_DAY_MS && ms % LINK_DAY_MS === 0) return `${ms / LINK_DAY_MS} days`;
  const hours = Math.round(ms / LINK_HOUR_MS);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
