import type {
  CreateThemeBody,
  Theme,
  ThemeReportBody,
  UpdateThemeBody,
} from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

/** The calls of product §7 Themes. */

const BASE = '/themes';

export const themesApi = {
  /** The standard themes (anyone). */
  listStandard: () => api.getList<Theme>(BASE),
  /** The public gallery, each with its creator's username (signed in). */
  listPublic: () => api.getList<Theme>(`${BASE}/custom/public`),
  /** The signed-in user's own custom themes. */
  listOwn: () => api.getList<Theme>(`${BASE}/custom/user`),
  get: (id: string) => api.get<Theme>(`${BASE}/${encodeURIComponent(id)}`),
  create: (body: CreateThemeBody) => api.post<Theme>(`${BASE}/custom`, body, { retry: false }),
  update: (id: string, body: UpdateThemeBody) =>
    api.put<Theme>(`${BASE}/custom/${encodeURIComponent(id)}`, body, { retry: false }),
  remove: (id: string) => api.delete<void>(`${BASE}/custom/${encodeURIComponent(id)}`),
  /** The saved preference (the default theme until one is saved). */
  getPreference: () => api.get<Theme>(`${BASE}/user`),
  savePreference: (themeId: string) => api.put<Theme>(`${BASE}/user`, { theme_id: themeId }),
  report: (id: string, body: ThemeReportBody) =>
    api.post<{ success: boolean; message: string }>(
      `${BASE}/${encodeURIComponent(id)}/report`,
      body,
      { retry: false },
    ),
};
