export * from './video-id.js';
