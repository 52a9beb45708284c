import type { AdminAction } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { ADMIN_ACTION_LABELS, ADMIN_WEB_MESSAGES } from './page-messages';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { adminApi, type PageParams } from './admin-api';

/** Root of every admin query key: any admin action refreshes them all (counts move together). */
const ADMIN_ROOT = 'admin';

export const adminKeys = {
  all: [ADMIN_ROOT] as const,
  overview: () => [ADMIN_ROOT, 'overview'] as const,
  users: (params: PageParams) => [ADMIN_ROOT, 'users', params] as const,
  user: (userId: string) => [ADMIN_ROOT, 'user', userId] as const,
  reports: (status: 'open' | 'all', params: PageParams) =>
    [ADMIN_ROOT, 'reports', status, params] as const,
  publicThemes: (params: PageParams) => [ADMIN_ROOT, 'public-themes', params] as const,
  standardThemes: () => [ADMIN_ROOT, 'standard-themes'] as const,
  audit: (params: PageParams) => [ADMIN_ROOT, 'audit', params] as const,
};

/** The admin lists keep showing the last page while the next one loads. */
const pagedOptions = { placeholderData: keepPreviousData, retry: 1 } as const;

export const useOverviewQuery = () =>
  useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => adminApi.overview(signal),
    retry: 1,
  });

export const useUsersQuery = (params: PageParams) =>
  useQuery({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => adminApi.users(params, signal),
    ...pagedOptions,
  });

export const useUserQuery = (userId: string | null) =>
  useQuery({
    queryKey: adminKeys.user(userId ?? ''),
    queryFn: ({ signal }) => adminApi.user(userId ?? '', signal),
    enabled: userId !== null,
    retry: 1,
  });

export const useReportsQuery = (status: 'open' | 'all', params: PageParams) =>
  useQuery({
    queryKey: adminKeys.reports(status, params),
    queryFn: ({ signal }) => adminApi.reports(status, params, signal),
    ...pagedOptions,
  });

export const usePublicThemesQuery = (params: PageParams) =>
  useQuery({
    queryKey: adminKeys.publicThemes(params),
    queryFn: ({ signal }) => adminApi.publicThemes(params, signal),
    ...pagedOptions,
  });

export const useStandardThemesQuery = () =>
  useQuery({
    queryKey: adminKeys.standardThemes(),
    queryFn: ({ signal }) => adminApi.standardThemes(signal),
    retry: 1,
  });

export const useAuditQuery = (params: PageParams) =>
  useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: ({ signal }) => adminApi.audit(params, signal),
    ...pagedOptions,
  });

/**
 * "Disabled account: ada" — the audit log's label for the action, then what it was done to, in
 * the language of the moment it is said.
 */
export function actionDoneMessage(action: AdminAction, target: string): string {
  const done = i18n._(ADMIN_ACTION_LABELS[action]);
  return t({
    comment: '{done} is what was done as the audit log says it ("Disabled account")',
    message: `${done}: ${target}`,
  });
}

/**
 * Runs an admin action: on success a toast in the audit log's own words and every admin query
 * refreshed (figures, lists and the log all move); on failure the server's message (e.g. "You
 * cannot disable your own account.") as an error toast, and the error rethrown so a dialog
 * stays open. `forget` names a query whose subject the action deleted: it is dropped rather than
 * asked for again (which would answer 404).
 */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(
      action: AdminAction,
      target: string,
      run: () => Promise<T>,
      forget?: QueryKey,
    ): Promise<T> => {
      let forgotten: string | null = null;
      try {
        const result = await run();
        if (forget) {
          forgotten = JSON.stringify(forget);
          queryClient.removeQueries({ queryKey: forget, exact: true });
        }
        notify({ tone: 'success', message: actionDoneMessage(action, target) });
        return result;
      } catch (error) {
        notify({
          tone: 'error',
          message: serverMessage(error, i18n._(ADMIN_WEB_MESSAGES.actionFailed)),
        });
        throw error;
      } finally {
        await queryClient.invalidateQueries({
          queryKey: adminKeys.all,
          predicate: (query) => JSON.stringify(query.queryKey) !== forgotten,
        });
      }
    },
    [queryClient],
  );
}
