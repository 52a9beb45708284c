/**
 * Business constants of SPEC §9 and DESIGN §4, in one place. Units are in the names because
 * minutes, seconds and milliseconds all appear.
 */
export const PRODUCT_NAME = 'Focusroom';
export const STORAGE_PREFIX = 'focusroom_';

export const STARTUP_USER_REFRESH_DELAY_MS = 500;
export const POST_LOGIN_USER_FETCH_DELAY_MS = 300;
export const MAX_FAILED_AUTH_REFRESHES = 3;
export const REMEMBER_ME_DEFAULT = true;
export const REQUEST_TIMEOUT_MS = 60_000;
export const SCRIPT_CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const JWT_TTL_REMEMBER_SECONDS = 30 * 24 * 60 * 60;
export const JWT_TTL_SESSION_SECONDS = 24 * 60 * 60;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Letters (kept as typed), digits, '_', '.', '-'; uniqueness ignores case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const NAME_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;
export const EMAIL_MAX_LENGTH = 254;
export const AVATAR_URL_MAX_LENGTH = 2048;
/** The spec's "simple {email} pattern" of the resend page. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Ids are UUID-shaped (DESIGN §4); zod's uuid() rejects several fixed theme ids. */
export const ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
