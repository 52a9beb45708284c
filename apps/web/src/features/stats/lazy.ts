/** The statistics page, loaded on demand: a chunk of its own (docs/decisions/066). */
export const loadStatsPage = () => import('./stats-page');
