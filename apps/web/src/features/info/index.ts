/**
 * What the information pages offer the rest of the app statically: nothing. Each page loads on
 * demand through ./lazy.ts (docs/decisions/066).
 */
export {};
