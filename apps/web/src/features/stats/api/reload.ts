import type { QueryClient } from '@tanstack/react-query';
import { statsKeys } from './query-keys';

/**
 * Reloading from outside React: a session the outbox saved (on this page or anywhere else, while
 * the statistics module is loaded) reloads the statistics through the app's query client, which
 * the statistics hook hands over when it mounts.
 */

let queryClient: QueryClient | null = null;
let reloadTimer: ReturnType<typeof setTimeout> | null = null;

export function setStatsQueryClient(client: QueryClient): void {
  queryClient = client;
}

/** Refetches (or, for a page that is not open, marks stale) every statistics query now. */
function reloadStats(): Promise<void> {
  if (!queryClient) return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: statsKeys.all });
}

/** Product §4: the reload after a save is immediate; a burst of saves makes one reload. */
export function reloadStatsSoon(): void {
  if (reloadTimer) return;
  reloadTimer = setTimeout(() => {
    reloadTimer = null;
    void reloadStats();
  }, 50);
}

/** Tests start with no client and no reload pending. */
export function resetReloadForTests(): void {
  queryClient = null;
  if (reloadTimer) clearTimeout(reloadTimer);
  reloadTimer = null;
}
