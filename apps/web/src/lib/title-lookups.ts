import {
  MUSIC_TIMINGS,
  extractYouTubeVideoId,
  provisionalTitle,
  type PlayerTrack,
} from '@focusroom/core';
import { isApiError } from './api-client';

/** A track still under its temporary title: `key` names it where it lives, `url` is its link. */
export interface WaitingTrack {
  key: string;
  url: string;
}

export interface TitleLookups {
  /** The tracks under a temporary title now (read at each round). */
  waiting: () => WaitingTrack[];
  /** Looks the real track up (GET /api/music/resolve). */
  resolve: (url: string) => Promise<{ track: PlayerTrack }>;
  /** Writes the real title, artist and artwork where the track lives; a failure is tried again. */
  apply: (key: string, track: PlayerTrack) => Promise<unknown> | void;
}

/**
 * Looks up the real titles of tracks added under a temporary one while YouTube did not answer
 * (decision 053): once now, again every MUSIC_TIMINGS.titleLookupRetryMs and whenever the browser
 * comes back online, until each has its title. A round stops at the first lookup YouTube does not
 * answer (the others would not be answered either); a video that does not exist keeps its
 * temporary title for good. Used by the music player and the playlist page.
 */
export function startTitleLookups(lookups: TitleLookups): () => void {
  const givenUp = new Set<string>();
  let running = false;
  /** Asked for while a round ran (the browser came back online mid-round): one more follows. */
  let again = false;
  let stopped = false;

  const lookUpAll = async () => {
    for (const { key, url } of lookups.waiting()) {
      if (stopped) return;
      if (givenUp.has(key)) continue;
      let track: PlayerTrack;
      try {
        ({ track } = await lookups.resolve(url));
      } catch (error) {
        if (isApiError(error) && (error.status === 400 || error.status === 404)) {
          givenUp.add(key);
          continue;
        }
        return;
      }
      const videoId = extractYouTubeVideoId(url);
      if (videoId && track.title === provisionalTitle(videoId)) {
        // The video's own title reads like a temporary one: nothing better will come.
        givenUp.add(key);
        continue;
      }
      if (stopped) return;
      try {
        await lookups.apply(key, track);
      } catch {
        // Written next round.
      }
    }
  };

  const round = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await lookUpAll();
      } while (again && !stopped);
    } finally {
      running = false;
    }
  };

  const onOnline = () => void round();
  window.addEventListener('online', onOnline);
  const timer = setInterval(() => void round(), MUSIC_TIMINGS.titleLookupRetryMs);
  void round();
  return () => {
    stopped = true;
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
  };
}
