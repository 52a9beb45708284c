import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { precompile } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import type { PlaylistTracksTable, PlaylistsTable } from '../../db/schema-playlists.js';
import { lockUserRow } from '../users/service.js';

type Executor = Kysely<Database>;

export type PlaylistRow = Selectable<PlaylistsTable>;
export type PlaylistTrackRow = Selectable<PlaylistTracksTable>;
export type NewPlaylist = Insertable<PlaylistsTable>;
export type NewPlaylistTrackRow = Insertable<PlaylistTracksTable>;
/** A playlist without its owner, with how many tracks it holds (the list's first read). */
export type PlaylistHeadRow = Omit<PlaylistRow, 'user_id'> & { track_count: number | string };
/** The columns of a track the API answers, and its playlist. */
export type PlaylistTrackOutRow = Omit<PlaylistTrackRow, 'created_at'>;

/** Named queries on `playlists` and `playlist_tracks`. Every read is scoped to the owner. */
export class PlaylistsRepository {
  // The reads every playlist page makes are compiled once (decision 010).
  private readonly ownedHeads;
  private readonly ownedOne;
  private readonly tracksOf;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {
    this.ownedHeads = precompile(db, ['userId'], ({ userId }) =>
      db
        .selectFrom('playlists')
        .select(['id', 'name', 'description', 'created_at', 'updated_at'])
        .select((eb) =>
          eb
            .selectFrom('playlist_tracks')
            .select(eb.fn.countAll<number | string>().as('n'))
            .whereRef('playlist_tracks.playlist_id', '=', 'playlists.id')
            .as('track_count'),
        )
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    );
    this.ownedOne = precompile(db, ['id', 'userId'], ({ id, userId }) =>
      db.selectFrom('playlists').selectAll().where('id', '=', id).where('user_id', '=', userId),
    );
    this.tracksOf = precompile(db, ['playlistId'], ({ playlistId }) =>
      db
        .selectFrom('playlist_tracks')
        .selectAll()
        .where('playlist_id', '=', playlistId)
        .orderBy('position'),
    );
  }

  /** The user's playlists, newest first, each with its number of tracks. */
  async listOwnedHeads(userId: string): Promise<PlaylistHeadRow[]> {
    return (await this.ownedHeads({ userId })) as PlaylistHeadRow[];
  }

  /**
   * The tracks of the given playlists, grouped by playlist, in order: only the columns the API
   * answers. The caller scopes `playlistIds` to one owner.
   */
  listTracksOfMany(playlistIds: readonly string[]): Promise<PlaylistTrackOutRow[]> {
    if (playlistIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('playlist_tracks')
      .select(['id', 'playlist_id', 'title', 'artist', 'url', 'artwork', 'duration', 'source'])
      .select('position')
      .where('playlist_id', 'in', playlistIds)
      .orderBy('playlist_id')
      .orderBy('position')
      .execute();
  }

  async findOwned(
    userId: string,
    id: string,
    db: Executor = this.db,
  ): Promise<PlaylistRow | undefined> {
    const [row] = await this.ownedOne({ id, userId }, db);
    return row;
  }

  listTracks(playlistId: string, db: Executor = this.db): Promise<PlaylistTrackRow[]> {
    return this.tracksOf({ playlistId }, db);
  }

  /**
   * Serializes one user's playlist writes for the rest of the transaction (counts against the
   * limits, positions): a row lock on the user on PostgreSQL; SQLite runs one transaction at a
   * time.
   */
  lockUser(trx: Executor, userId: string): Promise<void> {
    return lockUserRow(trx, this.dialect, userId);
  }

  async countOwned(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('playlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countTracks(db: Executor, playlistId: string): Promise<number> {
    const row = await db
      .selectFrom('playlist_tracks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('playlist_id', '=', playlistId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Executor, row: NewPlaylist): Promise<void> {
    await trx.insertInto('playlists').values(row).execute();
  }

  async update(
    trx: Executor,
    id: string,
    patch: Partial<Pick<PlaylistRow, 'name' | 'description'>> & { updated_at: string },
  ): Promise<void> {
    await trx.updateTable('playlists').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Executor, userId: string, id: string): Promise<boolean> {
    const result = await trx
      .deleteFrom('playlists')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertTracks(trx: Executor, rows: NewPlaylistTrackRow[]): Promise<void> {
    if (rows.length === 0) return;
    await trx.insertInto('playlist_tracks').values(rows).execute();
  }

  async deleteTracks(trx: Executor, playlistId: string): Promise<void> {
    await trx.deleteFrom('playlist_tracks').where('playlist_id', '=', playlistId).execute();
  }

  /** Removes one track and closes the gap it leaves; false when the playlist has no such track. */
  async removeTrack(trx: Executor, playlistId: string, trackId: string): Promise<boolean> {
    const removed = await trx
      .deleteFrom('playlist_tracks')
      .where('id', '=', trackId)
      .where('playlist_id', '=', playlistId)
      .returning('position')
      .executeTakeFirst();
    if (!removed) return false;
    await trx
      .updateTable('playlist_tracks')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('playlist_id', '=', playlistId)
      .where('position', '>', removed.position)
      .execute();
    return true;
  }

  /** Changes a track's title, artist or artwork; false when the playlist has no such track. */
  async updateTrack(
    trx: Executor,
    playlistId: string,
    trackId: string,
    change: Partial<Pick<PlaylistTrackRow, 'title' | 'artist' | 'artwork'>>,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('playlist_tracks')
      .set(change)
      .where('id', '=', trackId)
      .where('playlist_id', '=', playlistId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives each listed track its index as position, in one statement. */
  async setPositions(
    trx: Executor,
    playlistId: string,
    trackIds: readonly string[],
  ): Promise<void> {
    if (trackIds.length === 0) return;
    await trx
      .updateTable('playlist_tracks')
      .set((eb) => {
        // Positions are inlined numbers (eb.lit): PostgreSQL would read bound ones as text.
        let expression = eb
          .case()
          .when('id', '=', trackIds[0]!)
          .then(eb.lit(0 as number));
        trackIds.slice(1).forEach((id, index) => {
          expression = expression.when('id', '=', id).then(eb.lit(index + 1));
        });
        return { position: expression.else(eb.ref('position')).end() };
      })
      .where('playlist_id', '=', playlistId)
      .execute();
  }
}
