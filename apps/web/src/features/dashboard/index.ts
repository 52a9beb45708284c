/**
 * What the dashboard offers the rest of the app statically: nothing. Its page loads on demand
 * through ./lazy.ts (docs/decisions/066).
 */
export {};
