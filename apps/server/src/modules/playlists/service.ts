import {
  PLAYLIST_API_MESSAGES,
  PLAYLIST_TRACKS_MAX,
  PLAYLISTS_MAX_PER_USER,
} from '@focusroom/core';
import type {
  NewPlaylistTrack,
  Playlist,
  PlaylistTrack,
  ReorderPlaylistBody,
} from '@focusroom/core/schemas';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { badRequest, fieldError, notFound } from '../../lib/http-errors.js';
import {
  PlaylistsRepository,
  type NewPlaylistTrackRow,
  type PlaylistRow,
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

  /** The user's playlists, newest first, each with its tracks in order. */
  async list(userId: string): Promise<Playlist[]> {
    const [rows, tracks] = await Promise.all([
      this.repo.listOwned(userId),
      this.repo.listOwnedTracks(userId),
    ]);
    const byPlaylist = new Map<string, PlaylistTrackRow[]>();
    for (const track of tracks) {
      const list = byPlaylist.get(track.playlist_id);
      if (list) list.push(track);
      else byPlaylist.set(track.playlist_id, [track]);
    }
    return rows.map((row) => toPlaylistJson(row, byPlaylist.get(row.id) ?? []));
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
