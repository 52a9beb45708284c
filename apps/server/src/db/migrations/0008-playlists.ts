import type { Kysely } from 'kysely';

/**
 * Playlists (product §3, §7): a user's named lists and their tracks in order. A playlist goes
 * with its owner, and its tracks with it (ON DELETE CASCADE). A track's `position` is 0..n-1 in
 * the list's order; the service keeps it dense on every add, removal and reorder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // "My playlists" newest first, and the count against the per-user limit.
  await db.schema
    .createIndex('playlists_user_created_idx')
    .on('playlists')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('playlist_tracks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('playlist_id', 'text', (c) =>
      c.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('artwork', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A playlist's tracks in order. Not unique: a reorder rewrites positions in one statement and
  // the service, holding the playlist's lock, keeps them distinct.
  await db.schema
    .createIndex('playlist_tracks_playlist_position_idx')
    .on('playlist_tracks')
    .columns(['playlist_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playlist_tracks').execute();
  await db.schema.dropTable('playlists').execute();
}
