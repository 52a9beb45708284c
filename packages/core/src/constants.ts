/**
 * The product's limits and timings (product §9), each defined once, and where each domain's
 * live. The schemas, the server and the web app read them all from `@focusroom/core`. Units are
 * in the names because minutes, seconds and milliseconds all appear.
 *
 * This file: accounts (tokens and links, JWT, passwords, usernames, profile fields), sessions and
 * to-dos, custom themes, and the web app's start-up and requests. Every other domain keeps its
 * numbers beside its rules:
 * - the timer's settings (ranges, defaults): `timer/settings.ts`; its auto-start delay:
 *   `timer/machine.ts`; how often its state is saved: `timer/persistence.ts`; its sound cues:
 *   `timer/sounds.ts`
 * - statistics' refreshes and retries: `stats/refresh-policy.ts`; the heatmap: `stats/summary.ts`
 * - themes' refresh check, fade and overlay: `themes/refresh.ts`; a new theme's colours:
 *   `themes/new-theme.ts`; the animated art's frame rate: `themes/motion.ts`
 * - the music player's volume, toast titles and timings: `music/player-rules.ts`; its panel:
 *   `music/panel-position.ts`; a track's defaults: `music/track.ts`
 * - playlists, tracks, music search and its cache: `playlists/limits.ts`
 * - the ambient mixer's volumes and fades: `ambient/mix.ts`; saved mixes:
 *   `ambient/saved-mixes-limits.ts`
 * - the admin area's pages, searches and overview: `admin/index.ts`
 * - external sign-in's cookie, one-time code and provider calls: `oauth/index.ts`; the return
 *   path's length: `oauth/next-path.ts`
 * - a mailed link's token: `account/email-links.ts`
 * - request retries and back-off: `net/retry.ts`
 *
 * Outside core (decision 070): the rate limits, body limits and overload bars are the server's
 * configuration, each overridable (`apps/server/src/config.ts`); a number that only tunes one
 * app's own machinery (the server's shutdown drain, say) is defined beside the code it tunes.
 * Client storage keys are in storage-keys.ts, the user-facing messages in messages.ts.
 */
export const PRODUCT_NAME = 'Focusroom';

export const STARTUP_USER_REFRESH_DELAY_MS = 500;
export const POST_LOGIN_USER_FETCH_DELAY_MS = 300;
export const MAX_FAILED_AUTH_REFRESHES = 3;
export const REMEMBER_ME_DEFAULT = true;
export const REQUEST_TIMEOUT_MS = 60_000;
export const SCRIPT_CHUNK_LOAD_TIMEOUT_MS = 120_000;
/**
 * How long a failed request waits for the words of the API's errors in the reader's language (a
 * chunk fetched on the first error, decision 075) before it shows the server's English instead.
 */
export const ERROR_WORDS_LOAD_TIMEOUT_MS = 5_000;
/**
 * A signed-in user's settings, to-dos and today's sessions, once read, are shown without asking
 * the server again for this long when another page needs them.
 */
export const ACCOUNT_DATA_STALE_MS = 60_000;
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The link that confirms a new email address (mailed to it) is good for this long, once. */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * The link that undoes an email change (mailed to the old address) is good for this long, once:
 * longer than the confirmation, since the owner of a taken-over account may read mail late.
 */
export const EMAIL_UNDO_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const JWT_TTL_REMEMBER_SECONDS = 30 * 24 * 60 * 60;
export const JWT_TTL_SESSION_SECONDS = 24 * 60 * 60;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Letters (kept as typed), digits, '_', '.', '-'; uniqueness ignores case. */
export const USERNAME_PATTERN = new RegExp(
  `^[A-Za-z0-9_.-]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`,
);
export const NAME_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;
export const EMAIL_MAX_LENGTH = 254;
export const AVATAR_URL_MAX_LENGTH = 2048;
/** The simple `name@domain.tld` pattern of the resend page (product §5). */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Ids are UUID-shaped (product §7); zod's uuid() rejects several fixed theme ids. */
export const ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A recorded session lasts 0-1440 minutes. */
export const SESSION_DURATION_MAX_MINUTES = 1440;
/** A session's end is at most 7 days after its start (pauses count). */
export const SESSION_MAX_SPAN_DAYS = 7;
export const SESSION_MAX_SPAN_MS = SESSION_MAX_SPAN_DAYS * 24 * 60 * 60_000;
export const SESSION_TASK_MAX_LENGTH = 500;
/** The current task names the session it is worked on in, so it obeys the session task limit. */
export const CURRENT_TASK_MAX_LENGTH = SESSION_TASK_MAX_LENGTH;
/** Largest page of GET /pomodoro/sessions. */
export const SESSIONS_PAGE_MAX = 500;
/** Sessions per page of the statistics page's history. */
export const SESSION_HISTORY_PAGE_SIZE = 20;
export const TODOS_MAX_ITEMS = 200;
export const TODO_TEXT_MAX_LENGTH = 500;
/** Pomodoros a to-do is estimated to take: whole numbers 1-99; a new to-do estimates 1. */
export const TODO_ESTIMATE_MIN = 1;
export const TODO_ESTIMATE_MAX = 99;
export const TODO_ESTIMATE_DEFAULT = 1;
/** Pomodoros counted as done on one to-do: whole numbers 0-999 (it may pass the estimate). */
export const TODO_DONE_POMODOROS_MAX = 999;
/** The file name of the sessions CSV export, sent by the server and given by the web download. */
export const SESSIONS_CSV_FILE_NAME = 'focusroom-sessions.csv';

/** Custom themes (product §5, §9): per user, name length, description length. */
export const CUSTOM_THEMES_MAX_PER_USER = 50;
export const THEME_NAME_MIN_LENGTH = 1;
export const THEME_NAME_MAX_LENGTH = 60;
export const THEME_DESCRIPTION_MAX_LENGTH = 500;
/** An https image address of a custom theme (the same bound as an avatar address). */
export const THEME_IMAGE_URL_MAX_LENGTH = 2048;
/** A `data:image/...` upload decodes to at most 2 MB (2 MiB) of image bytes. */
export const THEME_IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The body a theme create or update may send: such an upload as base64 (4 characters per 3
 * bytes, about 2.8 MB) and room for every other field. Other routes keep the app's limit.
 */
export const THEME_WRITE_BODY_MAX_BYTES =
  Math.ceil(THEME_IMAGE_UPLOAD_MAX_BYTES / 3) * 4 + 64 * 1024;
/** Stored uploads are re-encoded to fit within this many pixels each way. */
export const THEME_IMAGE_MAX_DIMENSION_PX = 2560;
/** Uploads with more pixels than this are refused before decoding (decompression bombs). */
export const THEME_IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** GET /themes/custom/public answers at most this many themes, the newest. */
export const THEME_GALLERY_MAX = 500;
/** Why a theme is reported: 1-500 characters. */
export const THEME_REPORT_REASON_MAX_LENGTH = 500;
