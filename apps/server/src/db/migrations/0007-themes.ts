import { sql, type Kysely } from 'kysely';
import { STANDARD_THEMES } from '@focusroom/core';

/**
 * Themes (product §3, §7): the ten standard themes, seeded here with their fixed ids, and the
 * users' custom themes; each user's preferred theme; reports of public themes (one per user and
 * theme) waiting for moderation. Hidden themes stay with their owner but leave the gallery.
 * Uploaded images are files under DATA_DIR/uploads named by content hash, referenced from
 * image_url/background_url; a file goes when no theme references it any more.
 *
 * The seed is core's STANDARD_THEMES as this migration first ran; a later change to that list
 * (new art, new colours) needs a migration of its own to reach existing databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('themes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null for the standard themes; a custom theme goes with its creator.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('background_color', 'text', (c) => c.notNull())
    .addColumn('text_color', 'text', (c) => c.notNull())
    .addColumn('primary_color', 'text', (c) => c.notNull())
    .addColumn('secondary_color', 'text', (c) => c.notNull())
    .addColumn('accent_color', 'text', (c) => c.notNull())
    .addColumn('is_dark', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_dark in (0, 1)`),
    )
    .addColumn('is_default', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_default in (0, 1)`),
    )
    .addColumn('is_standard', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_standard in (0, 1)`),
    )
    .addColumn('is_public', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_public in (0, 1)`),
    )
    .addColumn('image_url', 'text')
    .addColumn('background_url', 'text')
    // Moderation: a hidden theme leaves the gallery and is seen by its owner only.
    .addColumn('is_hidden', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_hidden in (0, 1)`),
    )
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // "My themes" newest first, and the count against the per-user limit.
  await db.schema
    .createIndex('themes_user_created_idx')
    .on('themes')
    .columns(['user_id', 'created_at desc'])
    .execute();
  // The gallery: public, not hidden, newest first.
  await db.schema
    .createIndex('themes_public_created_idx')
    .on('themes')
    .columns(['is_public', 'is_hidden', 'created_at desc'])
    .execute();
  // Is an uploaded file still referenced? (checked when a theme lets go of it)
  await db.schema.createIndex('themes_image_url_idx').on('themes').column('image_url').execute();
  await db.schema
    .createIndex('themes_background_url_idx')
    .on('themes')
    .column('background_url')
    .execute();

  await db.schema
    .createTable('theme_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // A deleted theme takes the preference with it: the user is back on the default.
    .addColumn('theme_id', 'text', (c) => c.notNull().references('themes.id').onDelete('cascade'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('theme_preferences_theme_idx')
    .on('theme_preferences')
    .column('theme_id')
    .execute();

  await db.schema
    .createTable('theme_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('theme_id', 'text', (c) => c.notNull().references('themes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    // open until a moderator decides: dismissed, or the theme hidden.
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'dismissed', 'actioned')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addUniqueConstraint('theme_reports_theme_user_uq', ['theme_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('theme_reports_status_created_idx')
    .on('theme_reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('theme_reports_user_idx')
    .on('theme_reports')
    .column('user_id')
    .execute();

  await (db as Kysely<{ themes: Record<string, unknown> }>)
    .insertInto('themes')
    .values(
      STANDARD_THEMES.map((theme) => ({
        id: theme.id,
        user_id: null,
        name: theme.name,
        description: theme.description,
        background_color: theme.background_color,
        text_color: theme.text_color,
        primary_color: theme.primary_color,
        secondary_color: theme.secondary_color,
        accent_color: theme.accent_color,
        is_dark: theme.is_dark ? 1 : 0,
        is_default: theme.is_default ? 1 : 0,
        is_standard: 1,
        is_public: 0,
        image_url: theme.image_url,
        background_url: theme.background_url,
        is_hidden: 0,
        created_at: theme.created_at,
        updated_at: theme.created_at,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('theme_reports').execute();
  await db.schema.dropTable('theme_preferences').execute();
  await db.schema.dropTable('themes').execute();
}
