/**
 * What statistics offer the rest of the app statically: nothing yet. The page loads on demand
 * through ./lazy.ts (docs/decisions/066).
 */
export {};
