import { MESSAGES, USERNAME_MESSAGES } from './messages.js';

/**
 * What the API answers in `message` (and in field errors), word for word (product §7, §8). The
 * server sends them; the web app shows them, and uses the same text where it stands in for an
 * answer that carried none.
 */

/** Sign-in, registration and the email links (auth module). */
export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please check your email to verify your account.',
  loggedIn: 'Login successful',
  invalidCredentials: 'Invalid email/username or password',
  needsVerification: 'Please verify your email address before signing in.',
  tokenMissing: 'Authentication required',
  tokenInvalid: 'Invalid or expired token',
  sessionEnded: 'Your session has ended. Please sign in again.',
  verified: MESSAGES.verifySuccess,
  alreadyVerified: 'Email already verified',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  resendSent:
    'If an account with that email exists and is not verified yet, a verification email is on its way.',
  forgotSent: 'If an account with that email exists, a password reset link is on its way.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
} as const;

/** The signed-in user's own account: password change, email change, deletion. */
export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordForEmail: 'Enter your current password to change your email',
  wrongPassword: 'Password is incorrect',
  passwordChanged: 'Password changed successfully',
  accountDeleted: 'Your account has been deleted',
} as const;

/** Email and username uniqueness (409 answers and their field errors). */
export const USER_MESSAGES = {
  emailTaken: 'An account with this email already exists',
  usernameTaken: USERNAME_MESSAGES.taken,
  /** Lost a race with a concurrent write of the same email or username. */
  eitherTaken: 'This email or username is already taken',
} as const;

/** 403 for a signed-in account that is not an admin (product §6). */
export const ADMIN_ONLY_MESSAGE = 'Admin access required';

/** Field error for a new password found in the server's common-password list. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose a less common one.';

/** The generic answers of the server's error handler, for errors no route words itself. */
export const HTTP_MESSAGES = {
  badRequest: 'Bad request',
  invalidRequest: 'Invalid request',
  invalidValue: 'Invalid value',
  authenticationRequired: AUTH_MESSAGES.tokenMissing,
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  invalidJson: 'Request body is not valid JSON',
  emptyBody: 'Request body is empty',
  bodyTooLarge: 'Request body is too large',
  unsupportedContentType: 'Unsupported content type: send application/json',
  contentLengthMismatch: 'Content-Length does not match the body',
  tooManyRequests: 'Too many requests',
  urlTooLong: 'URL is too long',
  nulCharacter: 'Text must not contain NUL characters',
  internal: 'Internal server error',
} as const;

/** The 429 sentence: when to retry, in whole seconds under a minute, else in whole minutes. */
export function retryMessage(seconds: number): string {
  if (seconds < 60) {
    return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
