export * from './video-id.js';
export * from './track.js';
export * from './cursor.js';
export * from './player-rules.js';
export * from './events.js';
export * from './query.js';
export * from './sample-results.js';
export * from './storage-keys.js';
