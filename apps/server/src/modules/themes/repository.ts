import { THEME_GALLERY_MAX } from '@focusroom/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { precompile } from '../../db/precompiled.js';
import type { Database, NewTheme, ThemeRow } from '../../db/schema.js';

type Executor = Kysely<Database>;

/** A theme row with its creator's username (null for the standard themes). */
export type ThemeWithCreator = ThemeRow & { username: string | null };

export type ThemePatch = Partial<
  Pick<
    ThemeRow,
    | 'name'
    | 'description'
    | 'background_color'
    | 'text_color'
    | 'primary_color'
    | 'secondary_color'
    | 'accent_color'
    | 'is_dark'
    | 'is_public'
    | 'image_url'
    | 'background_url'
  >
> & { updated_at: string };

function withCreator(db: Executor) {
  return db
    .selectFrom('themes')
    .leftJoin('users', 'users.id', 'themes.user_id')
    .selectAll('themes')
    .select('users.username');
}

/** Who may see a theme: everyone sees the standard ones and the public, unhidden ones. */
function visibleTo(userId: string | null) {
  return (eb: ExpressionBuilder<Database & { users: Database['users'] }, 'themes'>) => {
    const anyone = [
      eb('themes.is_standard', '=', 1),
      eb.and([eb('themes.is_public', '=', 1), eb('themes.is_hidden', '=', 0)]),
    ];
    return eb.or(userId === null ? anyone : [...anyone, eb('themes.user_id', '=', userId)]);
  };
}

/** Named queries on `themes`, `theme_preferences` and `theme_reports`. */
export class ThemesRepository {
  private readonly standardList;
  private readonly galleryList;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {
    // The two lists anyone polls (product §4's refresh) are compiled once (decision 010).
    this.standardList = precompile(db, [], () =>
      withCreator(db).where('themes.is_standard', '=', 1).orderBy('themes.name'),
    );
    this.galleryList = precompile(db, [], () =>
      withCreator(db)
        .where('themes.is_public', '=', 1)
        .where('themes.is_hidden', '=', 0)
        .where('themes.user_id', 'is not', null)
        .orderBy('themes.created_at', 'desc')
        .orderBy('themes.id', 'desc')
        .limit(THEME_GALLERY_MAX),
    );
  }

  listStandard(): Promise<ThemeWithCreator[]> {
    return this.standardList({});
  }

  listGallery(): Promise<ThemeWithCreator[]> {
    return this.galleryList({});
  }

  listOwned(userId: string): Promise<ThemeWithCreator[]> {
    return withCreator(this.db)
      .where('themes.user_id', '=', userId)
      .orderBy('themes.created_at', 'desc')
      .orderBy('themes.id', 'desc')
      .execute();
  }

  /** The theme if `userId` (null: signed out) may see it: standard, own, or public and shown. */
  findVisible(
    id: string,
    userId: string | null,
    db: Executor = this.db,
  ): Promise<ThemeWithCreator | undefined> {
    return withCreator(db).where('themes.id', '=', id).where(visibleTo(userId)).executeTakeFirst();
  }

  findOwned(db: Executor, userId: string, id: string): Promise<ThemeWithCreator | undefined> {
    return withCreator(db)
      .where('themes.id', '=', id)
      .where('themes.user_id', '=', userId)
      .executeTakeFirst();
  }

  findDefault(): Promise<ThemeWithCreator | undefined> {
    return withCreator(this.db)
      .where('themes.is_default', '=', 1)
      .orderBy('themes.id')
      .executeTakeFirst();
  }

  /**
   * Serializes one user's theme writes for the rest of the transaction (the count against the
   * limit, then the insert): a row lock on the user on PostgreSQL; SQLite runs one transaction
   * at a time.
   */
  async lockUser(trx: Executor, userId: string): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }

  async countOwned(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('themes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Executor, row: NewTheme): Promise<void> {
    await trx.insertInto('themes').values(row).execute();
  }

  async update(trx: Executor, userId: string, id: string, patch: ThemePatch): Promise<void> {
    await trx
      .updateTable('themes')
      .set(patch)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async delete(trx: Executor, userId: string, id: string): Promise<void> {
    await trx.deleteFrom('themes').where('id', '=', id).where('user_id', '=', userId).execute();
  }

  /**
   * Points a seeded theme's art at `url` where it still shows art of ours (under `artPath`) and
   * not already that file; an image someone put in its place stays. Returns the rows changed.
   */
  async moveStandardArt(id: string, artPath: string, url: string): Promise<number> {
    let changed = 0;
    for (const column of ['image_url', 'background_url'] as const) {
      const result = await this.db
        .updateTable('themes')
        .set({ [column]: url })
        .where('id', '=', id)
        .where('user_id', 'is', null)
        .where(column, 'like', `${artPath}%`)
        .where(column, '<>', url)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    return changed;
  }

  /** How many themes still show this stored upload (as image or background). */
  async countReferences(url: string): Promise<number> {
    const row = await this.db
      .selectFrom('themes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('image_url', '=', url), eb('background_url', '=', url)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findPreference(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('theme_preferences')
      .select('theme_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.theme_id;
  }

  async savePreference(userId: string, themeId: string, now: string): Promise<void> {
    await this.db
      .insertInto('theme_preferences')
      .values({ user_id: userId, theme_id: themeId, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ theme_id: themeId, updated_at: now }))
      .execute();
  }

  /** Throws a unique violation when this user already reported this theme. */
  async insertReport(row: {
    id: string;
    theme_id: string;
    user_id: string;
    reason: string;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('theme_reports').values(row).execute();
  }
}
