/** The mailed links' pages and the resend page, each a chunk of its own (docs/decisions/066). */
export const loadVerifyEmailPage = () => import('./verify-email-page');
export const loadResendVerificationPage = () => import('./resend-verification-page');
export const loadConfirmEmailChangePage = () => import('./confirm-email-change-page');
export const loadUndoEmailChangePage = () => import('./undo-email-change-page');
