import { z } from 'zod';
import {
  MUSIC_RESOLVE_INPUT_MAX_LENGTH,
  MUSIC_SEARCH_MAX_RESULTS,
  MUSIC_SEARCH_QUERY_MAX_LENGTH,
} from '../playlists/limits.js';
import { MUSIC_API_MESSAGES as M } from '../playlists/messages.js';
import { ErrorSchema } from './common.js';

/** GET /music/search?q=: a blank query is product §5's 'Please enter a search query'. */
export const MusicSearchQuerySchema = z.object({
  q: z
    .string({ error: M.queryRequired })
    .trim()
    .min(1, M.queryRequired)
    .max(MUSIC_SEARCH_QUERY_MAX_LENGTH, M.queryTooLong),
});
export type MusicSearchQuery = z.infer<typeof MusicSearchQuerySchema>;

const ThumbnailSchema = z.object({ url: z.string() });

/**
 * One search result in the video service's own item shape, limited to the fields product §3
 * reads (and `medium`, which sits between the two).
 */
export const MusicSearchItemSchema = z.object({
  id: z.object({ videoId: z.string() }),
  snippet: z.object({
    title: z.string(),
    channelTitle: z.string(),
    thumbnails: z.object({
      default: ThumbnailSchema,
      medium: ThumbnailSchema.optional(),
      high: ThumbnailSchema,
    }),
  }),
});
export type MusicSearchItem = z.infer<typeof MusicSearchItemSchema>;

export const MusicSearchResponseSchema = z.object({
  items: z.array(MusicSearchItemSchema).max(MUSIC_SEARCH_MAX_RESULTS),
});
export type MusicSearchResponse = z.infer<typeof MusicSearchResponseSchema>;

/**
 * 403 from the video service, passed through: the upstream's message in `error.message` (what
 * product §7 reads) and, like every error of this API, in `message`.
 */
export const MusicUpstreamDeniedSchema = ErrorSchema.extend({
  error: z.object({ message: z.string() }),
}).describe('The video service refused (quota, key): its message in error.message');
export type MusicUpstreamDenied = z.infer<typeof MusicUpstreamDeniedSchema>;

/** GET /music/resolve?url=: a pasted YouTube link (watch, youtu.be, shorts, embed) or a bare id. */
export const MusicResolveQuerySchema = z.object({
  url: z
    .string({ error: M.linkRequired })
    .trim()
    .min(1, M.linkRequired)
    .max(MUSIC_RESOLVE_INPUT_MAX_LENGTH, M.linkInvalid),
});
export type MusicResolveQuery = z.infer<typeof MusicResolveQuerySchema>;

/** A track as the player holds it (product §3): id is the video id. */
export const MusicTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  url: z.string(),
  artwork: z.string(),
  source: z.literal('youtube'),
});
export type MusicTrack = z.infer<typeof MusicTrackSchema>;

export const MusicResolveResponseSchema = z.object({ track: MusicTrackSchema });
export type MusicResolveResponse = z.infer<typeof MusicResolveResponseSchema>;
