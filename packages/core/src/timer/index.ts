export * from './settings.js';
export * from './machine.js';
export * from './session.js';
export * from './persistence.js';
export * from './estimates.js';
export * from './sounds.js';
export * from './carry-over.js';
