/**
 * What auth offers the rest of the app (docs/decisions/066): the provider of the auth state
 * (read through lib/auth-context.ts). Its pages load on demand through ./lazy.ts.
 */
export { AuthProvider } from './auth-provider';
