import {
  MUSIC_TOAST_MS,
  VIDEO_ID_PATTERN,
  lookupMayComeLater,
  provisionalTrack,
  sampleTracks,
  extractYouTubeVideoId,
  searchItemToTrack,
  type PlayerTrack,
} from '@focusroom/core';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { MUSIC_MESSAGES } from './player-messages';
import { isApiError, serverMessage } from '../../lib/api-client';
import type { PlayerToast } from './player';

/**
 * What the Search tab does with what was typed (product §5, §8): a blank query is refused; a
 * YouTube link or id is resolved to its track (under a temporary title when YouTube does not
 * answer); a direct audio file URL becomes an audio track;
 * anything else is searched. A 403 says the key was refused and toasts for 5 s; a query the
 * server refuses (400) says why; any other failure says so, adds the server's own reason when it
 * gives one (503: search not set up), and shows the three sample results marked as samples
 * (decision 053).
 */

/**
 * Words the Search tab shows: one of the player's messages (shown in the language of the moment)
 * or the server's own words.
 */
export type SearchWords = MessageDescriptor | string;

export interface SearchOutcome {
  tracks: PlayerTrack[];
  /** Shown above the results: an error (nothing found) or a notice (samples shown instead). */
  error?: SearchWords;
  notice?: MessageDescriptor;
  /** The server's own reason for the failure, shown under the notice. */
  reason?: string;
  /** The tracks are product §8's samples, not results for the query. */
  samples?: true;
  toast?: PlayerToast;
}

export interface SearchCalls {
  search: (query: string) => Promise<{ items: Parameters<typeof searchItemToTrack>[0][] }>;
  resolve: (link: string) => Promise<{ track: PlayerTrack }>;
}

const AUDIO_FILE = /^https?:\/\/\S+\.(mp3|ogg|oga|opus|wav|m4a|aac|flac)(\?\S*)?$/i;

/** A direct audio file URL as a track titled by its file name. */
export function audioUrlTrack(input: string): PlayerTrack | null {
  const url = input.trim();
  if (!AUDIO_FILE.test(url)) return null;
  const path = url.split('?')[0] ?? url;
  const file = decodeURIComponentSafe(path.slice(path.lastIndexOf('/') + 1));
  return { id: url, title: file || url, artist: '', url, artwork: '', source: 'audio' };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export async function runSearch(input: string, calls: SearchCalls): Promise<SearchOutcome> {
  const query = input.trim();
  if (!query) return { tracks: [], error: MUSIC_MESSAGES.searchEmpty };

  const audio = audioUrlTrack(query);
  if (audio) return { tracks: [audio] };

  const isLink = /youtu/i.test(query);
  if (isLink || (VIDEO_ID_PATTERN.test(query) && extractYouTubeVideoId(query))) {
    try {
      const { track } = await calls.resolve(query);
      return { tracks: [track] };
    } catch (error) {
      // A word that only looks like an id (11 letters) is searched as words instead.
      if (!isLink && isApiError(error) && (error.status === 400 || error.status === 404)) {
        return searchWords(query, calls);
      }
      // YouTube (or our server) did not answer: a link still names its video, so it can be added
      // under a temporary title, replaced once YouTube answers (decision 053).
      const videoId = isLink ? extractYouTubeVideoId(query) : null;
      if (videoId && lookupMayComeLater(isApiError(error) ? error.status : undefined)) {
        return { tracks: [provisionalTrack(videoId)], notice: MUSIC_MESSAGES.titleLater };
      }
      return { tracks: [], error: serverMessage(error, i18n._(MUSIC_MESSAGES.searchFailed)) };
    }
  }
  return searchWords(query, calls);
}

async function searchWords(query: string, calls: SearchCalls): Promise<SearchOutcome> {
  try {
    const { items } = await calls.search(query);
    return { tracks: items.map(searchItemToTrack) };
  } catch (error) {
    if (isApiError(error) && error.status === 403) {
      return {
        tracks: [],
        error: MUSIC_MESSAGES.searchForbidden,
        toast: {
          message: i18n._(MUSIC_MESSAGES.searchForbiddenToast),
          tone: 'error',
          autoClose: MUSIC_TOAST_MS.error,
        },
      };
    }
    if (isApiError(error) && error.status === 400) {
      // Not a failed search: the query itself was refused (too long), and the server says why.
      return { tracks: [], error: serverMessage(error, i18n._(MUSIC_MESSAGES.searchFailed)) };
    }
    const reason = serverMessage(error, '');
    return {
      tracks: sampleTracks(),
      notice: MUSIC_MESSAGES.searchFallback,
      ...(reason ? { reason } : {}),
      samples: true,
    };
  }
}
