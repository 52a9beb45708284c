/** The profile page, loaded on demand: a chunk of its own (docs/decisions/066). */
export const loadProfilePage = () => import('./profile-page');
