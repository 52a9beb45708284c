/** The admin page, loaded on demand: a chunk of its own (docs/decisions/066). */
export const loadAdminPage = () => import('./admin-page');
