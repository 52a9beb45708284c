import {
  CUSTOM_THEMES_MAX_PER_USER,
  THEME_DESCRIPTION_MAX_LENGTH,
  THEME_IMAGE_UPLOAD_MAX_BYTES,
  THEME_IMAGE_URL_MAX_LENGTH,
  THEME_NAME_MAX_LENGTH,
  THEME_REPORT_REASON_MAX_LENGTH,
} from './constants.js';
import { MESSAGES, USERNAME_MESSAGES } from './messages.js';

/**
 * What the API answers in `message` (and in field errors), word for word (product §7, §8). The
 * server sends them; the web app shows them, and uses the same text where it stands in for an
 * answer that carried none.
 *
 * The web app's first screen reads none of these: only its lazy pages do. A registry the first
 * screen reads lives in a module of its own (`account-messages.ts`), because the bundler puts a
 * module the first screen imports into the first load whole, with every registry in it that any
 * lazy page uses (docs/decisions/077).
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

/**
 * Changing the email (decision 050): the new address is pending until the link mailed to it is
 * opened; the old address is told, with a link that undoes the change.
 */
export const EMAIL_CHANGE_MESSAGES = {
  confirmed: 'Your new email address is confirmed. Use it to sign in from now on.',
  /** The link opened again after it worked (a double click): not a failure. */
  alreadyConfirmed: 'This email address is already confirmed.',
  confirmLinkInvalid:
    'This confirmation link is invalid or has expired, or a newer change replaced it.',
  /** 409: between the request and the confirmation another account took the address. */
  addressTakenMeanwhile:
    'Another account now uses this address, so your email was not changed. Cancel the change on your profile or choose another address.',
  undone:
    'The email change is undone: your account signs in with this address again, and every device has been signed out.',
  undoLinkInvalid: 'This link is invalid, has expired or was already used.',
  /** 409: the old address belongs to another account by now. */
  undoAddressTaken:
    'Another account now uses this address, so your account could not be moved back to it. Every device has been signed out.',
  cancelled: 'The email change was cancelled. You keep signing in with your current address.',
  noPending: 'There is no email change waiting for confirmation.',
  resent: 'A new confirmation link is on its way.',
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

/** The themes API's answers (product §5, §7): field errors, 400, 404, 409 and the upload rules. */
export const THEME_API_MESSAGES = {
  notFound: 'Theme not found',
  nameRequired: 'Theme name is required',
  nameTooLong: `Theme name must be at most ${THEME_NAME_MAX_LENGTH} characters`,
  nameRetired: 'This name is reserved for a retired built-in theme. Choose another name.',
  descriptionTooLong: `Description must be at most ${THEME_DESCRIPTION_MAX_LENGTH} characters`,
  color: 'Colours must be written #rgb or #rrggbb, e.g. #7c3aed',
  booleanField: 'Must be true or false',
  tooManyThemes: `You can have at most ${CUSTOM_THEMES_MAX_PER_USER} custom themes. Delete one to make another.`,
  imageNotAllowed: 'The image must be an https:// address or an uploaded image (data:image/...)',
  imageUrlTooLong: `Image addresses must be at most ${THEME_IMAGE_URL_MAX_LENGTH} characters`,
  imageNotBase64: 'An uploaded image must be sent as data:image/...;base64,...',
  imageTooLarge: `Uploaded images must be at most ${THEME_IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`,
  imageFormat: 'The upload is not an image we accept. Use a JPEG, PNG, WebP, GIF or AVIF image.',
  imageSvg: 'SVG images cannot be uploaded. Use a JPEG, PNG, WebP, GIF or AVIF image.',
  imageTooManyPixels: 'The image has too many pixels to process. Use a smaller image.',
  imageUnreadable: 'The uploaded image could not be read. It may be damaged.',
  imageBusy: 'Too many images are being processed right now. Please try again in a moment.',
  imageUnknownUpload: 'That uploaded image no longer exists. Upload it again.',
  backgroundUpload: 'Upload the image as image_url; background_url takes an https:// address',
  themeIdRequired: 'theme_id is required',
  reasonRequired: 'Please say why you are reporting this theme',
  reasonTooLong: `The reason must be at most ${THEME_REPORT_REASON_MAX_LENGTH} characters`,
  reportOnlyOthersPublic: "Only other people's public themes can be reported",
  alreadyReported: 'You have already reported this theme',
  reported: 'Thank you. The theme has been reported for review.',
} as const;

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
  headersTooLarge: 'Request headers are too large',
  requestTimeout: 'The request took too long to arrive',
  nulCharacter: 'Text must not contain NUL characters',
  internal: 'Internal server error',
  /** 503 while the database cannot be reached (restarting, gone, out of connections). */
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** 503 when the database cannot grow (disk full, failing storage): reads still answer. */
  storageFull:
    'The server has no room to save changes right now, so nothing was saved. Please try again later.',
  /** 503 from an overloaded instance, refused before any work (decision 063). */
  overloaded: 'The service is busy right now, so nothing was done. Please try again in a moment.',
} as const;

/** When to retry, as the 429 says it: whole seconds under a minute, else whole minutes. */
export function retryWait(seconds: number): { unit: 'second' | 'minute'; count: number } {
  return seconds < 60
    ? { unit: 'second', count: seconds }
    : { unit: 'minute', count: Math.ceil(seconds / 60) };
}

/** The 429 sentence: when to retry (retryWait). */
export function retryMessage(seconds: number): string {
  const { unit, count } = retryWait(seconds);
  return `Too many attempts. Try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}
