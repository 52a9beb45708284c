/**
 * Search result items (product §3) and the three sample results shown when search fails
 * (product §8). The samples are long-running live streams of study music, so they stay playable.
 */
import type { PlayerTrack } from './track.js';
import { youTubeWatchUrl } from './video-id.js';

/** The fields of a search result item the player reads (product §3). */
export interface SearchResultItemLike {
  id: { videoId: string };
  snippet: {
    title: string;
    channelTitle: string;
    thumbnails: { default?: { url: string }; high?: { url: string } };
  };
}

function sample(videoId: string, title: string, channelTitle: string): SearchResultItemLike {
  return {
    id: { videoId },
    snippet: {
      title,
      channelTitle,
      thumbnails: {
        default: { url: `https://i.ytimg.com/vi/${videoId}/default.jpg` },
        high: { url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg` },
      },
    },
  };
}

export const SAMPLE_SEARCH_RESULTS: readonly SearchResultItemLike[] = [
  sample('jfKfPfyJRdk', 'lofi hip hop radio - beats to relax/study to', 'Lofi Girl'),
  sample('4xDzrJKXOOY', 'synthwave radio - beats to chill/game to', 'Lofi Girl'),
  sample('rUxyKA_-grg', 'lofi hip hop radio - beats to sleep/chill to', 'Lofi Girl'),
];

/**
 * The player track of a search result: its id is the video id, its artwork the high thumbnail
 * (else the default one), its source `youtube`.
 */
export function searchItemToTrack(item: SearchResultItemLike): PlayerTrack {
  const thumbnails = item.snippet.thumbnails;
  return {
    id: item.id.videoId,
    title: item.snippet.title,
    artist: item.snippet.channelTitle,
    url: youTubeWatchUrl(item.id.videoId),
    artwork: thumbnails.high?.url ?? thumbnails.default?.url ?? '',
    source: 'youtube',
  };
}

/** Product §8's three sample results as player tracks, each marked as a sample. */
export function sampleTracks(): PlayerTrack[] {
  return SAMPLE_SEARCH_RESULTS.map((item) => ({ ...searchItemToTrack(item), sample: true }));
}
