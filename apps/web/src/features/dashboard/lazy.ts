/** The dashboard page, loaded on demand: a chunk of its own (docs/decisions/066). */
export const loadDashboardPage = () => import('./dashboard-page');
