/**
 * @focusroom/core: the contract the server and the web share and the product's rules
 * (decision 070). No DOM, no Node I/O, no zod.
 */
export * from './constants.js';
export * from './messages.js';
export * from './api-messages.js';
export * from './account-messages.js';
export * from './storage-keys.js';
export * from './avatar/avatar.js';
export * from './avatar/avatar-values.js';
export * from './color/contrast.js';
export * from './net/retry.js';
export * from './net/clock-offset.js';
export * from './live/protocol.js';
export * from './push/index.js';
export * from './auth/refresh.js';
export * from './timer/index.js';
export * from './stats/index.js';
export * from './themes/index.js';
export * from './oauth/index.js';
export * from './music/index.js';
export * from './admin/index.js';
export * from './playlists/index.js';
export * from './ambient/index.js';
export * from './account/export.js';
export * from './account/email-links.js';
export * from './shared-paths.js';
export * from './i18n/locales.js';
export * from './field-messages.js';
export * from './api-errors.js';
