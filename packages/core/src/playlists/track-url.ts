import { TRACK_URL_MAX_LENGTH } from './limits.js';

/** Scheme, host name, optional port, then a path, query or fragment without spaces or quotes. */
const HTTP_URL =
  /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:[/?#][^\s"'<>\\^`{|}]*)?$/i;

/**
 * Whether a track's url (or artwork) is an absolute http:// or https:// address within the
 * length limit: anything else (javascript:, data:, relative paths) never reaches a player or an
 * <img> (product §7 Playlists).
 */
export function isHttpTrackUrl(value: string): boolean {
  return value.length <= TRACK_URL_MAX_LENGTH && HTTP_URL.test(value);
}
