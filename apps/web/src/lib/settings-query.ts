import { api } from './api-client';

/**
 * GET /settings as one query for every feature that reads the settings (the timer applies
 * them, the statistics page shows the daily goal): one key, so a save seen by one is seen by
 * all, and the cache is cleared with the rest on sign-out.
 */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

export const fetchSettings = () => api.get<unknown>('/settings');
