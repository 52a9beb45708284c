import { ACCOUNT_MESSAGES } from './account-messages.js';
import { ADMIN_MESSAGES } from './admin/index.js';
import {
  ADMIN_ONLY_MESSAGE,
  AUTH_MESSAGES,
  COMMON_PASSWORD_MESSAGE,
  EMAIL_CHANGE_MESSAGES,
  HTTP_MESSAGES,
  THEME_API_MESSAGES,
  USER_MESSAGES,
  retryMessage,
  retryWait,
} from './api-messages.js';
import { FIELD_MESSAGES } from './field-messages.js';
import { LANGUAGE_INVALID_MESSAGE } from './i18n/locales.js';
import { MESSAGES, SESSION_MESSAGES, TODO_MESSAGES, USERNAME_MESSAGES } from './messages.js';
import { OVERLOADED_CODE } from './net/retry.js';
import { OAUTH_API_MESSAGES, OAUTH_ERROR_MESSAGES } from './oauth/index.js';
import { MUSIC_API_MESSAGES, PLAYLIST_API_MESSAGES } from './playlists/messages.js';
import { SETTINGS_MESSAGES } from './timer/settings.js';
import { PUSH_MESSAGES } from './push/index.js';
import { SHARED_TIMER_MESSAGES } from './timer/shared-timer.js';

/**
 * Every error answer of the API carries a stable machine `code` beside SPEC's English `message`
 * (decision 075): clients show the message in their reader's language by its code, and keep
 * working when an English sentence is reworded. `errors` (field -> message) comes with
 * `fieldCodes` (field -> code). A code is `<area>.<name>` after core's message registries; the
 * codes that already existed keep their form (OVERLOADED, and external sign-in's snake_case
 * codes, which also travel in the /oauth-callback address).
 *
 * Server-only and lazy web code read this module; the web's first screen never does.
 */

type Prefixed<P extends string, R> = {
  readonly [K in keyof R & string as `${P}.${K}`]: R[K];
};

function prefixed<P extends string, R extends Readonly<Record<string, string>>>(
  prefix: P,
  texts: R,
): Prefixed<P, R> {
  return Object.fromEntries(
    Object.entries(texts).map(([name, text]) => [`${prefix}.${name}`, text]),
  ) as Prefixed<P, R>;
}

const { overloaded, ...HTTP_TEXTS } = HTTP_MESSAGES;

/**
 * The code of each English text the API sends in an error's `message` or `errors`. When two
 * registries hold the same sentence (a 404 for a theme, say), both codes exist and the first
 * listed is the one sent.
 */
export const API_ERROR_TEXTS = {
  ...prefixed('auth', { ...AUTH_MESSAGES, loginRequired: MESSAGES.loginRequired }),
  ...prefixed('emailChange', EMAIL_CHANGE_MESSAGES),
  ...prefixed('account', ACCOUNT_MESSAGES),
  ...prefixed('user', USER_MESSAGES),
  ...prefixed('username', USERNAME_MESSAGES),
  ...prefixed('field', {
    ...FIELD_MESSAGES,
    commonPassword: COMMON_PASSWORD_MESSAGE,
    language: LANGUAGE_INVALID_MESSAGE,
  }),
  ...prefixed('settings', SETTINGS_MESSAGES),
  ...prefixed('session', SESSION_MESSAGES),
  ...prefixed('todo', TODO_MESSAGES),
  ...prefixed('timer', SHARED_TIMER_MESSAGES),
  ...prefixed('push', PUSH_MESSAGES),
  ...prefixed('theme', THEME_API_MESSAGES),
  ...prefixed('playlist', PLAYLIST_API_MESSAGES),
  ...prefixed('music', MUSIC_API_MESSAGES),
  ...prefixed('admin', { ...ADMIN_MESSAGES, adminOnly: ADMIN_ONLY_MESSAGE }),
  ...prefixed('oauth', OAUTH_API_MESSAGES),
  ...OAUTH_ERROR_MESSAGES,
  ...prefixed('http', HTTP_TEXTS),
  [OVERLOADED_CODE]: overloaded,
} as const;

/** The codes whose sentence takes `params` (a count): the 429's "try again in …". */
export const API_ERROR_PARAM_CODES = ['http.retryInSeconds', 'http.retryInMinutes'] as const;

export type ApiErrorTextCode = keyof typeof API_ERROR_TEXTS;
export type ApiErrorCode = ApiErrorTextCode | (typeof API_ERROR_PARAM_CODES)[number];

/** What an error answer carries besides `message`: its code, and the numbers its words take. */
export interface ApiErrorTag {
  code: ApiErrorCode;
  params?: Readonly<Record<string, number>>;
}

let codeByText: Map<string, ApiErrorTextCode> | undefined;

/** The code of one of the API's English texts; undefined for a text no registry holds. */
export function apiErrorCodeOf(text: string): ApiErrorTextCode | undefined {
  if (!codeByText) {
    codeByText = new Map();
    for (const [code, value] of Object.entries(API_ERROR_TEXTS) as [ApiErrorTextCode, string][]) {
      if (!codeByText.has(value)) codeByText.set(value, code);
    }
  }
  return codeByText.get(text);
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return (
    typeof value === 'string' &&
    (Object.hasOwn(API_ERROR_TEXTS, value) ||
      (API_ERROR_PARAM_CODES as readonly string[]).includes(value))
  );
}

/**
 * The code for a text no registry holds (a check of a framework's own, an upstream's words):
 * what the answer means in general, by its status.
 */
export function genericApiErrorCode(status: number): ApiErrorTextCode {
  if (status === 401) return 'auth.tokenMissing';
  if (status === 404) return 'http.notFound';
  if (status === 429) return 'http.tooManyRequests';
  if (status >= 500) return 'http.internal';
  return 'http.badRequest';
}

/** The 429's sentence with its code and count (whole seconds under a minute, else minutes). */
export function retryAnswer(seconds: number): { message: string } & Required<ApiErrorTag> {
  const { unit, count } = retryWait(seconds);
  const code = unit === 'second' ? 'http.retryInSeconds' : 'http.retryInMinutes';
  return { message: retryMessage(seconds), code, params: { count } };
}
