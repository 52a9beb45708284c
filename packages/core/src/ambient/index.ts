export * from './catalogue.js';
export * from './mix.js';
export * from './saved-mixes.js';
export * from './follow.js';
export * from './messages.js';
export * from './storage-keys.js';
