import { z } from 'zod';
import {
  PLAYLIST_DESCRIPTION_MAX_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  PLAYLIST_TRACKS_MAX,
  TRACK_ARTIST_MAX_LENGTH,
  TRACK_DURATION_MAX_SECONDS,
  TRACK_SOURCE_DEFAULT,
  TRACK_TITLE_MAX_LENGTH,
} from '../playlists/limits.js';
import { TRACK_DURATION_DEFAULT_SECONDS, TRACK_SOURCES, type TrackSource } from '../music/track.js';
import { PLAYLIST_API_MESSAGES as M } from '../playlists/messages.js';
import { isHttpTrackUrl } from '../playlists/track-url.js';

/** A track of a saved playlist as the API answers it (product §3); `artwork` = `image_url`. */
export const PlaylistTrackSchema = z.object({
  id: z.string().describe('The song id (for DELETE /playlists/{id}/songs/{songId} and reorder)'),
  title: z.string(),
  artist: z.string(),
  url: z.string(),
  artwork: z.string().describe('Thumbnail address, or empty'),
  image_url: z.string().describe('The same as artwork'),
  duration: z.number().describe('Seconds; 0 when unknown'),
  source: z.string().describe('Where the track plays from, e.g. youtube'),
  position: z.number().describe('0-based place in the playlist'),
});
export type PlaylistTrack = z.infer<typeof PlaylistTrackSchema>;

/** A playlist as the API answers it: its tracks in order (product §3, §7). */
export const PlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  track_count: z.number(),
  tracks: z.array(PlaylistTrackSchema),
});
export type Playlist = z.infer<typeof PlaylistSchema>;

export const PlaylistListSchema = z.array(PlaylistSchema);
export const PlaylistTrackListSchema = z.array(PlaylistTrackSchema);

/** Path parameters: any string, so an id that is not your playlist answers 404, not 400. */
export const PlaylistIdParamsSchema = z.object({ id: z.string() });
export const PlaylistSongParamsSchema = z.object({ id: z.string(), songId: z.string() });

const NameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(PLAYLIST_NAME_MAX_LENGTH, M.nameTooLong);

const DescriptionSchema = z
  .string({ error: M.descriptionTooLong })
  .trim()
  .max(PLAYLIST_DESCRIPTION_MAX_LENGTH, M.descriptionTooLong)
  .nullable()
  .transform((value) => value ?? '');

const ArtworkSchema = z
  .string({ error: M.trackArtwork })
  .trim()
  .refine((value) => value === '' || isHttpTrackUrl(value), { error: M.trackArtwork })
  .nullable()
  .optional();

const TrackTitleSchema = z
  .string({ error: M.trackTitleRequired })
  .trim()
  .min(1, M.trackTitleRequired)
  .max(TRACK_TITLE_MAX_LENGTH, M.trackTitleTooLong);

const TrackArtistSchema = z
  .string({ error: M.trackArtistTooLong })
  .trim()
  .max(TRACK_ARTIST_MAX_LENGTH, M.trackArtistTooLong)
  .nullable()
  .optional();

/**
 * A track sent by a client. Creating a playlist sends `artwork`, adding a song sends
 * `image_url` (product §3); either is accepted on both, image_url winning. A client's own `id`
 * (a video id, say) is not kept: every song gets the server's id, so one video may appear twice.
 */
export const PlaylistTrackInputSchema = z
  .object({
    id: z.unknown().optional().describe('Ignored: the server gives every song an id of its own'),
    title: TrackTitleSchema,
    artist: TrackArtistSchema,
    url: z
      .string({ error: M.trackUrl })
      .trim()
      .refine(isHttpTrackUrl, { error: M.trackUrl })
      .describe('An http:// or https:// address'),
    artwork: ArtworkSchema.describe('Thumbnail address or empty (create sends this)'),
    image_url: ArtworkSchema.describe('Thumbnail address or empty (add sends this)'),
    duration: z
      .number({ error: M.trackDuration })
      .min(0, M.trackDuration)
      .max(TRACK_DURATION_MAX_SECONDS, M.trackDuration)
      .nullable()
      .optional()
      .describe(`Seconds, rounded; default ${TRACK_DURATION_DEFAULT_SECONDS}`),
    // A string on the way in (clients type it so), one of the player's sources once checked.
    source: z
      .string({ error: M.trackSource })
      .refine((value): value is TrackSource => (TRACK_SOURCES as string[]).includes(value), {
        error: M.trackSource,
      })
      .nullable()
      .optional()
      .describe(`${TRACK_SOURCES.join(' or ')}; default ${TRACK_SOURCE_DEFAULT}`),
  })
  .transform(({ title, artist, url, artwork, image_url, duration, source }) => ({
    title,
    artist: artist ?? '',
    url,
    artwork: image_url || artwork || '',
    duration: Math.round(duration ?? TRACK_DURATION_DEFAULT_SECONDS),
    source: source ?? TRACK_SOURCE_DEFAULT,
  }));
export type PlaylistTrackInput = z.input<typeof PlaylistTrackInputSchema>;
/** A track as the server stores it, after defaults. */
export type NewPlaylistTrack = z.output<typeof PlaylistTrackInputSchema>;

const TracksSchema = z
  .array(PlaylistTrackInputSchema, { error: M.tracksList })
  .max(PLAYLIST_TRACKS_MAX, M.tooManyTracks);

/** POST /playlists: name, description, tracks (product §7). */
export const CreatePlaylistBodySchema = z.object({
  name: NameSchema,
  description: DescriptionSchema.optional().transform((value) => value ?? ''),
  tracks: TracksSchema.optional()
    .transform((value) => value ?? [])
    .describe(`At most ${PLAYLIST_TRACKS_MAX}`),
});
export type CreatePlaylistBody = z.input<typeof CreatePlaylistBodySchema>;

/** PUT /playlists/{id}: any of name, description, tracks (tracks replace the whole list). */
export const UpdatePlaylistBodySchema = z.object({
  name: NameSchema.optional(),
  description: DescriptionSchema.optional(),
  tracks: TracksSchema.optional().describe(
    `Replaces every song when present; at most ${PLAYLIST_TRACKS_MAX}`,
  ),
});
export type UpdatePlaylistBody = z.input<typeof UpdatePlaylistBodySchema>;

/** PUT /playlists/{id}/songs/order: the playlist's song ids, each once, in the new order. */
export const ReorderPlaylistBodySchema = z.object({
  song_ids: z
    .array(z.string({ error: M.songIdsList }), { error: M.songIdsList })
    .max(PLAYLIST_TRACKS_MAX, M.songIdsPermutation),
});
export type ReorderPlaylistBody = z.infer<typeof ReorderPlaylistBodySchema>;

/**
 * PATCH /playlists/{id}/songs/{songId}: a song's title, artist or artwork, at least one (a track
 * added under a temporary title while YouTube did not answer gets its real one; decision 053).
 * `image_url` wins over `artwork`, as when adding.
 */
export const UpdatePlaylistSongBodySchema = z
  .object({
    title: TrackTitleSchema.optional(),
    artist: TrackArtistSchema,
    artwork: ArtworkSchema.describe('Thumbnail address or empty'),
    image_url: ArtworkSchema.describe('The same as artwork'),
  })
  .refine(
    (body) =>
      body.title !== undefined ||
      (body.artist !== undefined && body.artist !== null) ||
      typeof body.artwork === 'string' ||
      typeof body.image_url === 'string',
    { error: M.songChangeRequired },
  )
  .transform(({ title, artist, artwork, image_url }) => {
    const art = image_url ?? artwork;
    return {
      ...(title !== undefined ? { title } : {}),
      ...(artist !== undefined && artist !== null ? { artist } : {}),
      ...(typeof art === 'string' ? { artwork: art } : {}),
    };
  });
export type UpdatePlaylistSongBody = z.input<typeof UpdatePlaylistSongBodySchema>;
export type PlaylistSongChange = z.output<typeof UpdatePlaylistSongBodySchema>;
