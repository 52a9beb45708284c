/** The mixer's panel and its audio code, loaded on the first click: a chunk of their own. */
export const loadAmbientPanel = () => import('./ambient-panel');
