/** The information pages, each loaded on demand as a chunk of its own (docs/decisions/066). */
export const loadAboutPage = () => import('./about-page');
export const loadPrivacyPage = () => import('./privacy-page');
export const loadTermsPage = () => import('./terms-page');
export const loadHelpPage = () => import('./help-page');
