import type {
  AdminHideThemeBody,
  AdminOverview,
  AdminReportList,
  AdminThemeList,
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  AuditList,
  StandardThemeBody,
  Theme,
  UpdateStandardThemeBody,
} from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

/** The admin API (/api/admin, product §6). Writes are never retried (docs/decisions/008). */

const BASE = '/admin';
const id = (value: string) => encodeURIComponent(value);
const once = { retry: false } as const;

/** A query string from the values that are set ("" and undefined are left out). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface PageParams {
  page: number;
  pageSize: number;
  q?: string;
}

const pageQuery = ({ page, pageSize, q }: PageParams) =>
  queryString({ page, page_size: pageSize, q: q?.trim() });

/** The user actions that take no body: each answers the user as it is now. */
export type UserAction = 'verify' | 'grantAdmin' | 'revokeAdmin' | 'disable' | 'enable' | 'signOut';

const USER_ACTION_CALLS: Record<UserAction, (userId: string) => Promise<unknown>> = {
  verify: (userId) => api.post(`${BASE}/users/${id(userId)}/verify`, undefined, once),
  grantAdmin: (userId) => api.post(`${BASE}/users/${id(userId)}/admin`, undefined, once),
  revokeAdmin: (userId) => api.delete(`${BASE}/users/${id(userId)}/admin`, undefined, once),
  disable: (userId) => api.post(`${BASE}/users/${id(userId)}/disable`, undefined, once),
  enable: (userId) => api.post(`${BASE}/users/${id(userId)}/enable`, undefined, once),
  signOut: (userId) => api.post(`${BASE}/users/${id(userId)}/sign-out`, undefined, once),
};

export const adminApi = {
  overview: (signal?: AbortSignal) => api.get<AdminOverview>(`${BASE}/overview`, { signal }),

  users: (params: PageParams, signal?: AbortSignal) =>
    api.get<AdminUserList>(`${BASE}/users${pageQuery(params)}`, { signal }),
  user: (userId: string, signal?: AbortSignal) =>
    api.get<AdminUserDetail>(`${BASE}/users/${id(userId)}`, { signal }),
  userAction: (action: UserAction, userId: string) =>
    USER_ACTION_CALLS[action](userId) as Promise<AdminUser | undefined>,
  deleteUser: (userId: string) => api.delete<void>(`${BASE}/users/${id(userId)}`, undefined, once),

  reports: (status: 'open' | 'all', params: PageParams, signal?: AbortSignal) =>
    api.get<AdminReportList>(
      `${BASE}/reports${queryString({ status, page: params.page, page_size: params.pageSize })}`,
      { signal },
    ),
  dismissReport: (reportId: string) =>
    api.post<unknown>(`${BASE}/reports/${id(reportId)}/dismiss`, undefined, once),

  publicThemes: (params: PageParams, signal?: AbortSignal) =>
    api.get<AdminThemeList>(`${BASE}/themes/public${pageQuery(params)}`, { signal }),
  hideTheme: (themeId: string, body: AdminHideThemeBody = {}) =>
    api.post<unknown>(`${BASE}/themes/${id(themeId)}/hide`, body, once),
  restoreTheme: (themeId: string) =>
    api.post<unknown>(`${BASE}/themes/${id(themeId)}/restore`, undefined, once),
  deleteTheme: (themeId: string) =>
    api.delete<void>(`${BASE}/themes/${id(themeId)}`, undefined, once),

  standardThemes: (signal?: AbortSignal) =>
    api.getList<Theme>(`${BASE}/themes/standard`, { signal }),
  createStandardTheme: (body: StandardThemeBody) =>
    api.post<Theme>(`${BASE}/themes/standard`, body, once),
  updateStandardTheme: (themeId: string, body: UpdateStandardThemeBody) =>
    api.put<Theme>(`${BASE}/themes/standard/${id(themeId)}`, body, once),
  setDefaultTheme: (themeId: string) =>
    api.post<unknown>(`${BASE}/themes/standard/${id(themeId)}/default`, undefined, once),
  deleteStandardTheme: (themeId: string) =>
    api.delete<void>(`${BASE}/themes/standard/${id(themeId)}`, undefined, once),

  audit: (params: PageParams, signal?: AbortSignal) =>
    api.get<AuditList>(`${BASE}/audit${pageQuery(params)}`, { signal }),
};
