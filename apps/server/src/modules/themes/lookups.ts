import { ID_PATTERN } from '@focusroom/core';
import type { Db } from '../../db/index.js';
import type { ModeratedTheme, ThemesRepository, ThemeWithCreator } from './repository.js';
import { themeNotFound } from './theme-json.js';

/**
 * A standard theme, one of the user's own, or a public one that is not hidden; else 404, the
 * same as an unknown id (product §6).
 */
export async function findVisibleOr404(
  repo: ThemesRepository,
  id: string,
  userId: string | null,
): Promise<ThemeWithCreator> {
  if (!ID_PATTERN.test(id)) throw themeNotFound();
  const row = await repo.findVisible(id, userId);
  if (!row) throw themeNotFound();
  return row;
}

/** Any theme with its moderation state, for the admin area's writes; else 404. */
export async function findModeratedOr404(
  repo: ThemesRepository,
  db: Db,
  id: string,
): Promise<ModeratedTheme> {
  const theme = ID_PATTERN.test(id) ? await repo.findModerated(db, id) : undefined;
  if (!theme) throw themeNotFound();
  return theme;
}
