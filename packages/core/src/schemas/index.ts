/**
 * zod schemas for every API payload and response. A separate entry point from the pure logic so
 * the browser's first chunk never carries zod: the web app imports these as types only.
 */
export * from './common.js';
export * from './auth.js';
export * from './system.js';
export * from './settings.js';
export * from './pomodoro.js';
export * from './themes.js';
export * from './oauth.js';
export * from './admin.js';
export * from './playlists.js';
export * from './music.js';
export * from './account-export.js';
export * from './shared-timer.js';
export * from './live.js';
export * from './push.js';
