/**
 * Window events the auth state fires for features that must not import it (product §4): the
 * theme provider refreshes themes 0.5 s after a login succeeded.
 */
export const LOGIN_SUCCESS_EVENT = 'login-success';
