export * from './standard.js';
export * from './filters.js';
export * from './selection.js';
export * from './colors.js';
export * from './image.js';
export * from './refresh.js';
export * from './readable.js';
export * from './motion.js';
