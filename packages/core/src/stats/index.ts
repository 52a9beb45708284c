export * from './days.js';
export * from './summary.js';
export * from './normalize.js';
