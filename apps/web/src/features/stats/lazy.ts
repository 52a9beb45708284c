/** The statistics page, loaded on demand: a chunk of its own (docs/decisions/066). */
export const loadStatsPage = () => import('./stats-page');

/**
 * The session outbox on its own, for the timer's first finished session: loaded with a signed-in
 * user's code, never on a visitor's first load (the same module ./index.ts offers statically).
 */
export const loadSessionOutbox = () => import('./session-outbox');
