/**
 * A pasted YouTube link whose title could not be looked up (YouTube's oEmbed did not answer):
 * the track is added anyway under a temporary title made from its video id, and its real title
 * is looked up again later, then written over it, also into a saved playlist (decision 053).
 * The temporary title is the mark: a track whose title is exactly that of its own video id is
 * still waiting for its real one.
 */
import type { PlayerTrack } from './track.js';
import { extractYouTubeVideoId, youTubeWatchUrl } from './video-id.js';

/** The temporary title of a video whose real title is not known yet. */
export function provisionalTitle(videoId: string): string {
  return `YouTube video ${videoId}`;
}

/** A player track for `videoId` under its temporary title, with YouTube's usual thumbnail. */
export function provisionalTrack(videoId: string): PlayerTrack {
  return {
    id: videoId,
    title: provisionalTitle(videoId),
    artist: '',
    url: youTubeWatchUrl(videoId),
    artwork: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    source: 'youtube',
  };
}

/** True when `track` still carries the temporary title of its own video. */
export function isProvisionalTrack(track: {
  title: string;
  url: string;
  source?: string;
}): boolean {
  if (track.source !== undefined && track.source !== 'youtube') return false;
  const videoId = extractYouTubeVideoId(track.url);
  return videoId !== null && track.title === provisionalTitle(videoId);
}

/**
 * Whether a failed lookup of a pasted link may add the track under its temporary title: only
 * when YouTube (502 from our server) or our server itself (no answer at all) did not answer. A
 * link that is not one (400), a video that does not exist (404) or too many lookups (429) is
 * said as it is.
 */
export function lookupMayComeLater(status: number | undefined): boolean {
  return status === undefined || status === 502 || status === 504;
}
