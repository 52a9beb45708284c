import type {
  CreateThemeBody,
  Theme,
  ThemeLists,
  ThemeReportBody,
  UpdateThemeBody,
} from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

/** The calls of product §7 Themes. */

const BASE = '/themes';

/** The theme check's three lists as last answered, with the tag they came with. */
export interface HeldLists {
  etag: string | null;
  lists: ThemeLists;
}

function isThemeLists(body: unknown): body is ThemeLists {
  if (typeof body !== 'object' || body === null) return false;
  const { standard, custom, public: gallery } = body as Record<string, unknown>;
  return Array.isArray(standard) && Array.isArray(custom) && Array.isArray(gallery);
}

export const themesApi = {
  /** The standard themes (anyone). */
  listStandard: () => api.getList<Theme>(BASE),
  /**
   * The theme check (signed in): the standard list, the user's own themes and the gallery in one
   * call, revalidated against `held` (its tag goes in If-None-Match; a 304 answers `held` again,
   * decision 041).
   */
  lists: async (held: HeldLists | undefined): Promise<HeldLists> => {
    const answer = await api.revalidate<unknown>(`${BASE}/lists`, held?.etag);
    if (answer.notModified && held) return held;
    const body = answer.notModified ? undefined : answer.body;
    if (!isThemeLists(body)) throw new Error('The theme lists answer was not three lists');
    return { etag: answer.etag, lists: body };
  },
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
