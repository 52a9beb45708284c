import { THEME_API_MESSAGES } from '../api-messages.js';
import { THEME_IMAGE_UPLOAD_MAX_BYTES, THEME_IMAGE_URL_MAX_LENGTH } from '../constants.js';

/**
 * A custom theme's image (product §5): nothing, an https address, a `data:image/...;base64,`
 * upload of at most 2 MB, or an upload the server already stored (`/uploads/<sha256>.webp`,
 * what the server answers after storing one, so a theme sent back unchanged stays valid).
 */

/** Where stored uploads are served: `/uploads/<64 hex digits of SHA-256>.webp`. */
export const UPLOADS_URL_PREFIX = '/uploads/';
export const STORED_UPLOAD_URL_PATTERN = /^\/uploads\/([0-9a-f]{64})\.webp$/;

export function storedUploadUrl(sha256Hex: string): string {
  return `${UPLOADS_URL_PREFIX}${sha256Hex}.webp`;
}

export type ThemeImageProblem =
  'not-allowed' | 'url-too-long' | 'data-not-base64' | 'data-not-image' | 'upload-too-large';

export type ThemeImageValue =
  | { kind: 'none' }
  | { kind: 'https'; url: string }
  | { kind: 'stored'; url: string; sha256: string }
  | { kind: 'data'; declaredType: string; base64: string; byteLength: number }
  | { kind: 'invalid'; problem: ThemeImageProblem };

// The host part: letters, digits, dots and hyphens (international names in their xn-- form),
// an optional port; no user:password@ part, no spaces or quotes anywhere.
const HTTPS_URL =
  /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:[/?#][^\s"'<>\\^`{|}]*)?$/;
const DATA_URL_HEAD =
  /^data:(image\/[A-Za-z0-9.+-]+)((?:;[A-Za-z0-9.+-]+=[A-Za-z0-9.+-]+)*);base64,/i;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/** The size in bytes of what a padded base64 text decodes to. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Sorts a submitted image value into what the server does with it; never reads the bytes. */
export function classifyThemeImage(value: string | null | undefined): ThemeImageValue {
  if (value == null) return { kind: 'none' };
  const trimmed = value.trim();
  if (trimmed === '') return { kind: 'none' };

  const stored = STORED_UPLOAD_URL_PATTERN.exec(trimmed);
  if (stored?.[1]) return { kind: 'stored', url: trimmed, sha256: stored[1] };

  if (/^data:/i.test(trimmed)) {
    const head = DATA_URL_HEAD.exec(trimmed);
    if (!head?.[1]) {
      return {
        kind: 'invalid',
        problem: /^data:image\//i.test(trimmed) ? 'data-not-base64' : 'data-not-image',
      };
    }
    const base64 = trimmed.slice(head[0].length);
    // Checked on length first, so an oversized upload is refused without scanning it.
    const byteLength = base64DecodedLength(base64);
    if (byteLength > THEME_IMAGE_UPLOAD_MAX_BYTES) {
      return { kind: 'invalid', problem: 'upload-too-large' };
    }
    if (base64.length % 4 !== 0 || !BASE64_BODY.test(base64)) {
      return { kind: 'invalid', problem: 'data-not-base64' };
    }
    return { kind: 'data', declaredType: head[1].toLowerCase(), base64, byteLength };
  }

  if (trimmed.length > THEME_IMAGE_URL_MAX_LENGTH) {
    return { kind: 'invalid', problem: 'url-too-long' };
  }
  if (HTTPS_URL.test(trimmed)) return { kind: 'https', url: trimmed };
  return { kind: 'invalid', problem: 'not-allowed' };
}

/** The API's message for each problem, so the editor and the server word it alike. */
export const THEME_IMAGE_PROBLEM_MESSAGES: Record<ThemeImageProblem, string> = {
  'not-allowed': THEME_API_MESSAGES.imageNotAllowed,
  'url-too-long': THEME_API_MESSAGES.imageUrlTooLong,
  'data-not-base64': THEME_API_MESSAGES.imageNotBase64,
  'data-not-image': THEME_API_MESSAGES.imageFormat,
  'upload-too-large': THEME_API_MESSAGES.imageTooLarge,
};
