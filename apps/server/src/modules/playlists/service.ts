import {
  PLAYLIST_API_MESSAGES,
  PLAYLIST_TRACKS_MAX,
  PLAYLISTS_MAX_PER_USER,
} from '@focusroom/core';
import type {
  NewPlaylistTrack,
  Playlist,
  PlaylistSongChange,
  PlaylistTrack,
  ReorderPlaylistBody,
} from '@focusroom/core/schemas';
import type { Kysely } from 'kysely';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { badRequest, fieldError, notFound } from '../../lib/http-errors.js';
import {
  PlaylistsRepository,
  type NewPlaylistTrackRow,
  type PlaylistHeadRow,
  type PlaylistRow,
  type PlaylistTrackOutRow,
  type PlaylistTrackRow,
} from './repository.js';

/** The body of create and update after the schema's defaults (see core's playlists schemas). */
export interface CreatePlaylistInput {
  name: string;
  description: string;
  tracks: NewPlaylistTrack[];
}

export interface UpdatePlaylistInput {
  name?: string | undefined;
  description?: string | undefined;
  tracks?: NewPlaylistTrack[] | undefined;
}

export function toTrackJson(row: PlaylistTrackRow): PlaylistTrack {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    url: row.url,
    artwork: row.artwork,
    image_url: row.artwork,
    duration: row.duration,
    source: row.source,
    position: row.position,
  };
}

export function toPlaylistJson(row: PlaylistRow, tracks: PlaylistTrackRow[]): Playlist {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
    track_count: tracks.length,
    tracks: tracks.map(toTrackJson),
  };
}

/**
 * GET /playlists reads and serializes at most about this many tracks at a time, then lets other
 * requests run (decision 015): at the limits (200 playlists of 500 tracks) one answer is ~35 MB.
 */
export const PLAYLISTS_LIST_CHUNK_TRACKS = 1000;

/**
 * One playlist of the list as JSON text: the same text as JSON.stringify(toPlaylistJson(...)),
 * keys in the same order, written without the intermediate objects.
 */
function playlistJsonText(head: PlaylistHeadRow, tracks: readonly PlaylistTrackOutRow[]): string {
  const s = JSON.stringify;
  let text =
    `{"id":${s(head.id)},"name":${s(head.name)},"description":${s(head.description)},` +
    `"created_at":${s(head.created_at)},"updated_at":${s(head.updated_at)},` +
    `"track_count":${tracks.length},"tracks":[`;
  for (let i = 0; i < tracks.length; i++) {
    const t = tracks[i]!;
    const artwork = s(t.artwork);
    text +=
      `${i === 0 ? '' : ','}{"id":${s(t.id)},"title":${s(t.title)},"artist":${s(t.artist)},` +
      `"url":${s(t.url)},"artwork":${artwork},"image_url":${artwork},` +
      `"duration":${s(t.duration)},"source":${s(t.source)},"position":${s(t.position)}}`;
  }
  return text + ']}';
}

/** Playlists in consecutive groups of about `budget` tracks (a larger playlist alone). */
function chunkByTracks(heads: readonly PlaylistHeadRow[], budget: number): PlaylistHeadRow[][] {
  const chunks: PlaylistHeadRow[][] = [];
  let current: PlaylistHeadRow[] = [];
  let tracks = 0;
  for (const head of heads) {
    const count = Number(head.track_count);
    if (current.length > 0 && tracks + count > budget) {
      chunks.push(current);
      current = [];
      tracks = 0;
    }
    current.push(head);
    tracks += count;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

const playlistNotFound = () => notFound(PLAYLIST_API_MESSAGES.notFound);
const tooManyTracks = () => fieldError('tracks', PLAYLIST_API_MESSAGES.tooManyTracks);

/**
 * Playlists (product §3, §7): only the owner sees or changes one; for anyone else every verb
 * answers 404, exactly like an unknown id (product §6). Writes of one user are serialized, so
 * the limits hold under concurrent requests and positions stay 0..n-1.
 */
export class PlaylistsService {
  private readonly repo: PlaylistsRepository;

  constructor(private readonly ctx: AppContext) {
    this.repo = new PlaylistsRepository(ctx.db, ctx.dialect);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** How many playlists the user has (the admin area's user page). */
  countOwned(userId: string): Promise<number> {
    return this.repo.countOwned(this.ctx.db, userId);
  }

  /**
   * The user's playlists as the JSON text of a Playlist[] (the same text the response
   * schema's serializer writes for it): one string when it fits one chunk, else a stream that
   * reads and writes about PLAYLISTS_LIST_CHUNK_TRACKS tracks at a time and lets other requests
   * run in between (decision 015). Each playlist's tracks come from one read, so its track_count, tracks and
   * positions agree even while it is being changed; the list itself is not one snapshot (as
   * before: no transaction holds the database while a large answer is sent).
   */
  async listJson(userId: string): Promise<string | Readable> {
    const heads = await this.repo.listOwnedHeads(userId);
    const chunks = chunkByTracks(heads, PLAYLISTS_LIST_CHUNK_TRACKS);
    if (chunks.length <= 1) return `[${await this.chunkJson(chunks[0] ?? [])}]`;
    const chunkJson = (heads: readonly PlaylistHeadRow[]) => this.chunkJson(heads);
    return Readable.from(
      (async function* () {
        yield '[';
        for (let i = 0; i < chunks.length; i++) {
          if (i > 0) await nextTurn();
          yield (i === 0 ? '' : ',') + (await chunkJson(chunks[i]!));
        }
        yield ']';
      })(),
      { objectMode: false },
    );
  }

  /** Some playlists, with their tracks, as JSON text without the brackets. */
  private async chunkJson(heads: readonly PlaylistHeadRow[]): Promise<string> {
    const tracks = await this.repo.listTracksOfMany(heads.map((head) => head.id));
    const byPlaylist = new Map<string, PlaylistTrackOutRow[]>();
    for (const track of tracks) {
      const list = byPlaylist.get(track.playlist_id);
      if (list) list.push(track);
      else byPlaylist.set(track.playlist_id, [track]);
    }
    return heads.map((head) => playlistJsonText(head, byPlaylist.get(head.id) ?? [])).join(',');
  }

  async get(userId: string, id: string): Promise<Playlist> {
    const row = await this.repo.findOwned(userId, id);
    if (!row) throw playlistNotFound();
    return toPlaylistJson(row, await this.repo.listTracks(row.id));
  }

  async tracks(userId: string, id: string): Promise<PlaylistTrack[]> {
    return (await this.get(userId, id)).tracks;
  }

  async create(userId: string, input: CreatePlaylistInput): Promise<Playlist> {
    if (input.tracks.length > PLAYLIST_TRACKS_MAX) throw tooManyTracks();
    const now = this.now();
    const id = uuidv7();
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.lockUser(trx, userId);
      if ((await this.repo.countOwned(trx, userId)) >= PLAYLISTS_MAX_PER_USER) {
        throw badRequest(PLAYLIST_API_MESSAGES.tooManyPlaylists);
      }
      await this.repo.insert(trx, {
        id,
        user_id: userId,
        name: input.name,
        description: input.description,
        created_at: now,
        updated_at: now,
      });
      await this.repo.insertTracks(trx, this.trackRows(id, input.tracks, 0, now));
    });
    return this.get(userId, id);
  }

  /** Changes name and description; `tracks`, when sent, replaces every song. */
  async update(userId: string, id: string, input: UpdatePlaylistInput): Promise<Playlist> {
    if (input.tracks && input.tracks.length > PLAYLIST_TRACKS_MAX) throw tooManyTracks();
    await this.write(userId, id, async (trx, now) => {
      await this.repo.update(trx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updated_at: now,
      });
      if (input.tracks) {
        await this.repo.deleteTracks(trx, id);
        await this.repo.insertTracks(trx, this.trackRows(id, input.tracks, 0, now));
      }
    });
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    const deleted = await this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.lockUser(trx, userId);
      return this.repo.delete(trx, userId, id);
    });
    if (!deleted) throw playlistNotFound();
  }

  /** Adds a song at the end; answers the playlist. */
  async addSong(userId: string, id: string, track: NewPlaylistTrack): Promise<Playlist> {
    await this.write(userId, id, async (trx, now) => {
      const count = await this.repo.countTracks(trx, id);
      if (count >= PLAYLIST_TRACKS_MAX) throw tooManyTracks();
      await this.repo.insertTracks(trx, this.trackRows(id, [track], count, now));
      await this.repo.update(trx, id, { updated_at: now });
    });
    return this.get(userId, id);
  }

  async removeSong(userId: string, id: string, songId: string): Promise<Playlist> {
    await this.write(userId, id, async (trx, now) => {
      if (!(await this.repo.removeTrack(trx, id, songId))) {
        throw notFound(PLAYLIST_API_MESSAGES.songNotFound);
      }
      await this.repo.update(trx, id, { updated_at: now });
    });
    return this.get(userId, id);
  }

  /**
   * Changes one song's title, artist or artwork (a track added under a temporary title gets its
   * real one once YouTube answers; decision 053); answers the playlist.
   */
  async updateSong(
    userId: string,
    id: string,
    songId: string,
    change: PlaylistSongChange,
  ): Promise<Playlist> {
    await this.write(userId, id, async (trx, now) => {
      if (!(await this.repo.updateTrack(trx, id, songId, change))) {
        throw notFound(PLAYLIST_API_MESSAGES.songNotFound);
      }
      await this.repo.update(trx, id, { updated_at: now });
    });
    return this.get(userId, id);
  }

  /** Puts the songs in the order given, which must name every current song exactly once. */
  async reorder(userId: string, id: string, body: ReorderPlaylistBody): Promise<Playlist> {
    await this.write(userId, id, async (trx, now) => {
      const current = await this.repo.listTracks(id, trx);
      const wanted = body.song_ids;
      const known = new Set(current.map((track) => track.id));
      const isPermutation =
        wanted.length === current.length &&
        new Set(wanted).size === wanted.length &&
        wanted.every((songId) => known.has(songId));
      if (!isPermutation) throw fieldError('song_ids', PLAYLIST_API_MESSAGES.songIdsPermutation);
      await this.repo.setPositions(trx, id, wanted);
      await this.repo.update(trx, id, { updated_at: now });
    });
    return this.get(userId, id);
  }

  /** Runs a change of one owned playlist under the user's write lock; 404 when not theirs. */
  private async write(
    userId: string,
    id: string,
    change: (trx: Kysely<Database>, now: string) => Promise<void>,
  ): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.lockUser(trx, userId);
      if (!(await this.repo.findOwned(userId, id, trx))) throw playlistNotFound();
      await change(trx, this.now());
    });
  }

  private trackRows(
    playlistId: string,
    tracks: NewPlaylistTrack[],
    firstPosition: number,
    now: string,
  ): NewPlaylistTrackRow[] {
    return tracks.map((track, index) => ({
      id: uuidv7(),
      playlist_id: playlistId,
      position: firstPosition + index,
      title: track.title,
      artist: track.artist,
      url: track.url,
      artwork: track.artwork,
      duration: track.duration,
      source: track.source,
      created_at: now,
    }));
  }
}
