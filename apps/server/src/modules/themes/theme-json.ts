import { THEME_API_MESSAGES } from '@focusroom/core';
import type { AdminReport, AdminTheme, Theme } from '@focusroom/core/schemas';
import { notFound } from '../../lib/http-errors.js';
import type { ModeratedTheme, ReportWithTheme, ThemeWithCreator } from './repository.js';

/** The theme JSON of product §3; `username` only on public custom themes. */
export function toThemeJson(row: ThemeWithCreator): Theme {
  const theme: Theme = {
    id: row.id,
    name: row.name,
    description: row.description,
    background_color: row.background_color,
    text_color: row.text_color,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    accent_color: row.accent_color,
    is_dark: row.is_dark === 1,
    is_default: row.is_default === 1,
    is_standard: row.is_standard === 1,
    image_url: row.image_url,
    background_url: row.background_url,
    user_id: row.user_id,
    created_at: row.created_at,
    is_public: row.is_public === 1,
  };
  if (theme.is_public && row.user_id !== null && row.username !== null) {
    theme.username = row.username;
  }
  return theme;
}

/**
 * A theme as `viewerId` may see it: their own custom theme carries its moderation state
 * (`is_hidden`, `hidden_reason`: the admin JSON's names), so the owner can tell a moderator hid
 * it; anyone else's answer never has those fields (decision 031).
 */
export function toThemeJsonFor(row: ThemeWithCreator, viewerId: string | null): Theme {
  const theme = toThemeJson(row);
  if (viewerId === null || row.user_id !== viewerId) return theme;
  const hidden = row.is_hidden === 1;
  return { ...theme, is_hidden: hidden, hidden_reason: hidden ? row.hidden_reason : null };
}

export const themeNotFound = () => notFound(THEME_API_MESSAGES.notFound);

/** A theme with its moderation state, for the admin area; the creator's username always. */
export function toAdminThemeJson(row: ModeratedTheme): AdminTheme {
  const theme = toThemeJson(row);
  if (row.user_id !== null && row.username !== null) theme.username = row.username;
  return {
    ...theme,
    is_hidden: row.is_hidden === 1,
    hidden_at: row.hidden_at,
    hidden_reason: row.hidden_reason,
    open_reports: Number(row.open_reports),
  };
}

export function toAdminReportJson(row: ReportWithTheme): AdminReport {
  return {
    id: row.report_id,
    reason: row.report_reason,
    status: row.report_status,
    created_at: row.report_created_at,
    resolved_at: row.report_resolved_at,
    reporter: { id: row.reporter_id, username: row.reporter_username },
    theme: toAdminThemeJson(row.theme),
  };
}
