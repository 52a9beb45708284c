/**
 * What statistics offer the rest of the app (docs/decisions/066): the session outbox, through
 * which every finished session reaches the server (the timer's completions and the manual log
 * alike; docs/decisions/067). The page loads on demand through ./lazy.ts.
 */
export { enqueueSession, flushOutbox, pendingSessions, subscribeOutbox } from './session-outbox';
