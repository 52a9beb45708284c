/**
 * What verification offers the rest of the app statically: nothing. Its pages (the mailed links'
 * and the resend page) load on demand through ./lazy.ts (docs/decisions/066).
 */
export {};
