/**
 * What the auth state tells the rest of the app about a session's life (product §4), as calls
 * on auth's surface: a session began, a session ended, and the product's login-success window
 * event. The listeners live here, with the one feature that fires them (docs/decisions/067).
 */

type SignOutListener = () => void;
const signOutListeners = new Set<SignOutListener>();

/**
 * Product §4: when a session ends (logout, a 401, failed refreshes, another tab signing out or in
 * as someone else, account deletion) the browser returns to a visitor's clean state. The auth
 * state clears storage; a feature that holds the account's state in memory (the timer, the music
 * player) resets it here. Returns the unsubscribe.
 */
export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => {
    signOutListeners.delete(listener);
  };
}

/** Called by the auth state each time a signed-in session ends. */
export function announceSignOut(): void {
  for (const listener of [...signOutListeners]) {
    try {
      listener();
    } catch (error) {
      // One failing listener must not keep the others (or the sign-out) from finishing.
      console.warn('Sign-out listener failed', error);
    }
  }
}

/** A session that just began: whose, and whether its account was made just now (registration). */
export interface SignInEvent {
  /** The signed-in user's id; null when the sign-in answer named no user yet. */
  userId: string | null;
  newAccount: boolean;
}

type SignInListener = (event: SignInEvent) => void;
const signInListeners = new Set<SignInListener>();

/**
 * Called once a sign-in (login, registration, external sign-in) has stored its token, before the
 * signed-in state reaches React: a feature that holds a visitor's set-up in this browser (the
 * timer, decision 051) sets it aside for the account here, before the account's own state
 * arrives. Returns the unsubscribe.
 */
export function onSignIn(listener: SignInListener): () => void {
  signInListeners.add(listener);
  return () => {
    signInListeners.delete(listener);
  };
}

/** Called by the auth state each time a sign-in begins a session. */
export function announceSessionStart(event: SignInEvent): void {
  for (const listener of [...signInListeners]) {
    try {
      listener(event);
    } catch (error) {
      console.warn('Sign-in listener failed', error);
    }
  }
}

/** The window event product §4 fires once a login succeeded (the themes refresh 0.5 s later). */
export const LOGIN_SUCCESS_EVENT = 'login-success';

/** Fires the login-success window event. */
export function announceLoginSuccess(): void {
  window.dispatchEvent(new Event(LOGIN_SUCCESS_EVENT));
}

/** Listens for the login-success window event; returns the unsubscribe. */
export function onLoginSuccess(listener: () => void): () => void {
  window.addEventListener(LOGIN_SUCCESS_EVENT, listener);
  return () => window.removeEventListener(LOGIN_SUCCESS_EVENT, listener);
}
