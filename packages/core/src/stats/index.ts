export * from './days.js';
export * from './summary.js';
export * from './normalize.js';
export * from './load-failure.js';
export * from './refresh-policy.js';
