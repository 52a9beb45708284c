/** The sign-in pages, each loaded on demand as a chunk of its own (docs/decisions/066). */
export const loadLoginPage = () => import('./login-page');
export const loadRegisterPage = () => import('./register-page');
export const loadForgotPasswordPage = () => import('./forgot-password-page');
export const loadResetPasswordPage = () => import('./reset-password-page');
export const loadOAuthCallbackPage = () => import('./oauth-callback-page');
