// Written by scripts/api-error-words.ts from core's API_ERROR_TEXTS: do not edit by hand.
import type { ApiErrorCode } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The API's error answers by code, as the web's messages with core's English (decision 075). The
 * 429's sentences take the count the answer's `params` give.
 */
export const API_ERROR_WORDS: Readonly<Record<ApiErrorCode, MessageDescriptor>> = {
  'auth.registered': msg({
    message: 'Registration successful. Please check your email to verify your account.',
  }),
  'auth.loggedIn': msg({ message: 'Login successful' }),
  'auth.invalidCredentials': msg({ message: 'Invalid email/username or password' }),
  'auth.needsVerification': msg({ message: 'Please verify your email address before signing in.' }),
  'auth.tokenMissing': msg({ message: 'Authentication required' }),
  'auth.tokenInvalid': msg({ message: 'Invalid or expired token' }),
  'auth.sessionEnded': msg({ message: 'Your session has ended. Please sign in again.' }),
  'auth.verified': msg({ message: 'Your email has been verified successfully!' }),
  'auth.alreadyVerified': msg({ message: 'Email already verified' }),
  'auth.verifyLinkInvalid': msg({ message: 'This verification link is invalid or has expired.' }),
  'auth.resendSent': msg({
    message:
      'If an account with that email exists and is not verified yet, a verification email is on its way.',
  }),
  'auth.forgotSent': msg({
    message: 'If an account with that email exists, a password reset link is on its way.',
  }),
  'auth.resetLinkInvalid': msg({ message: 'This password reset link is invalid or has expired.' }),
  'auth.passwordReset': msg({
    message: 'Your password has been reset. Sign in with your new password.',
  }),
  'auth.loginRequired': msg({ message: 'Email/username and password are required' }),
  'emailChange.confirmed': msg({
    message: 'Your new email address is confirmed. Use it to sign in from now on.',
  }),
  'emailChange.alreadyConfirmed': msg({ message: 'This email address is already confirmed.' }),
  'emailChange.confirmLinkInvalid': msg({
    message: 'This confirmation link is invalid or has expired, or a newer change replaced it.',
  }),
  'emailChange.addressTakenMeanwhile': msg({
    message:
      'Another account now uses this address, so your email was not changed. Cancel the change on your profile or choose another address.',
  }),
  'emailChange.undone': msg({
    message:
      'The email change is undone: your account signs in with this address again, and every device has been signed out.',
  }),
  'emailChange.undoLinkInvalid': msg({
    message: 'This link is invalid, has expired or was already used.',
  }),
  'emailChange.undoAddressTaken': msg({
    message:
      'Another account now uses this address, so your account could not be moved back to it. Every device has been signed out.',
  }),
  'emailChange.cancelled': msg({
    message: 'The email change was cancelled. You keep signing in with your current address.',
  }),
  'emailChange.noPending': msg({ message: 'There is no email change waiting for confirmation.' }),
  'emailChange.resent': msg({ message: 'A new confirmation link is on its way.' }),
  'account.wrongCurrentPassword': msg({ message: 'Current password is incorrect' }),
  'account.currentPasswordForEmail': msg({
    message: 'Enter your current password to change your email',
  }),
  'account.wrongPassword': msg({ message: 'Password is incorrect' }),
  'account.passwordChanged': msg({ message: 'Password changed successfully' }),
  'account.accountDeleted': msg({ message: 'Your account has been deleted' }),
  'user.emailTaken': msg({ message: 'An account with this email already exists' }),
  'user.usernameTaken': msg({ message: 'This username is already taken' }),
  'user.eitherTaken': msg({ message: 'This email or username is already taken' }),
  'username.invalid': msg({
    message: 'Username must be 3-30 characters of letters, digits, underscore, dot or hyphen',
  }),
  'username.required': msg({ message: 'Please choose a username' }),
  'username.hint': msg({ message: '3-30 letters, digits, dots, dashes or underscores' }),
  'username.taken': msg({ message: 'This username is already taken' }),
  'field.emailTooLong': msg({ message: 'Email is too long' }),
  'field.emailInvalid': msg({ message: 'Enter a valid email address' }),
  'field.nameRequired': msg({ message: 'Name is required' }),
  'field.nameTooLong': msg({ message: 'Name must be at most 100 characters' }),
  'field.passwordTooShort': msg({ message: 'Password must be at least 8 characters' }),
  'field.passwordTooLong': msg({ message: 'Password must be at most 128 characters' }),
  'field.currentPasswordRequired': msg({ message: 'Current password is required' }),
  'field.passwordRequired': msg({ message: 'Password is required' }),
  'field.linkHasNoToken': msg({ message: 'The link has no token' }),
  'field.avatar': msg({
    message: 'Avatar must be a #colour, an icon:name, a linear-gradient(...) or an https image URL',
  }),
  'field.bioTooLong': msg({ message: 'Bio must be at most 500 characters' }),
  'field.id': msg({ message: 'Must be an id' }),
  'field.timeZone': msg({ message: 'Unknown time zone' }),
  'field.nextPath': msg({ message: 'next must be a path on this site' }),
  'field.todoTextNotText': msg({ message: 'To-do text must be text' }),
  'field.positionWhole': msg({ message: 'position must be a whole number' }),
  'field.positionNegative': msg({ message: 'position must not be negative' }),
  'field.positionTooLarge': msg({ message: 'position is too large' }),
  'field.commonPassword': msg({
    message: 'This password is too common. Choose a less common one.',
  }),
  'field.language': msg({ message: 'Language must be one of: en, es, de, fr, pt-BR, ja, ar' }),
  'settings.minutes': msg({ message: 'Must be a whole number of minutes from 1 to 180' }),
  'settings.untilLongBreak': msg({ message: 'Must be a whole number from 1 to 12' }),
  'settings.alarmVolume': msg({ message: 'Must be a whole number from 0 to 100' }),
  'settings.dailyGoal': msg({ message: 'Must be a whole number from 1 to 24' }),
  'settings.boolean': msg({ message: 'Must be true or false' }),
  'settings.alarmSound': msg({ message: 'Must be one of chime, bell, digital, wood, harp' }),
  'settings.timeDisplay': msg({ message: 'Must be one of clock, minutes, ring, hidden' }),
  'session.instant': msg({
    message: 'Must be an ISO 8601 time with an offset, e.g. 2026-11-22T09:00:00-08:00',
  }),
  'session.instantRange': msg({ message: 'Must be a time between the years 1970 and 9999' }),
  'session.duration': msg({ message: 'Duration must be a number of minutes from 0 to 1440' }),
  'session.task': msg({ message: 'Task must be at most 500 characters' }),
  'session.clientId': msg({ message: 'client_id must be a UUID (8-4-4-4-12 hexadecimal digits)' }),
  'session.endBeforeStart': msg({ message: 'End time must not be before the start time' }),
  'session.spanTooLong': msg({ message: 'A session may last at most 7 days from start to end' }),
  'session.limit': msg({ message: 'limit must be a whole number from 1 to 500' }),
  'session.fromAfterTo': msg({ message: 'from must not be after to' }),
  'session.cursor': msg({ message: 'Invalid cursor' }),
  'session.notFound': msg({ message: 'Session not found' }),
  'todo.tooMany': msg({ message: 'A to-do list holds at most 200 items' }),
  'todo.empty': msg({ message: 'To-do text must not be empty' }),
  'todo.tooLong': msg({ message: 'To-do text must be at most 500 characters' }),
  'todo.notFound': msg({ message: 'To-do not found' }),
  'todo.estimate': msg({ message: 'Estimate must be a whole number of pomodoros from 1 to 99' }),
  'todo.donePomodoros': msg({ message: 'Done pomodoros must be a whole number from 0 to 999' }),
  'todo.active': msg({ message: 'active must be true or false' }),
  'todo.oneActive': msg({ message: 'At most one to-do can be active' }),
  'timer.batch': msg({ message: 'Send from 1 to 50 timer actions at a time' }),
  'timer.action': msg({
    message: 'Each timer action needs an id, a device, a base version, a time and a known type',
  }),
  'push.subscription': msg({
    message: 'A push subscription needs an https endpoint and its p256dh and auth keys',
  }),
  'push.endpoint': msg({ message: 'This push address is not from a known push service' }),
  'push.tooMany': msg({ message: 'At most 20 devices can receive alarms; remove one first' }),
  'push.notFound': msg({ message: 'No such alarm device' }),
  'push.actionExpired': msg({ message: 'This notification has expired: open Focusroom to go on' }),
  'push.testTooSoon': msg({ message: 'A test alarm was sent to this device moments ago' }),
  'push.testFailed': msg({
    message: 'The push service did not take the test alarm; try again in a moment',
  }),
  'push.deviceGone': msg({ message: 'This device no longer receives alarms: turn them on again' }),
  'theme.notFound': msg({ message: 'Theme not found' }),
  'theme.nameRequired': msg({ message: 'Theme name is required' }),
  'theme.nameTooLong': msg({ message: 'Theme name must be at most 60 characters' }),
  'theme.nameRetired': msg({
    message: 'This name is reserved for a retired built-in theme. Choose another name.',
  }),
  'theme.descriptionTooLong': msg({ message: 'Description must be at most 500 characters' }),
  'theme.color': msg({ message: 'Colours must be written #rgb or #rrggbb, e.g. #7c3aed' }),
  'theme.booleanField': msg({ message: 'Must be true or false' }),
  'theme.tooManyThemes': msg({
    message: 'You can have at most 50 custom themes. Delete one to make another.',
  }),
  'theme.imageNotAllowed': msg({
    message: 'The image must be an https:// address or an uploaded image (data:image/...)',
  }),
  'theme.imageUrlTooLong': msg({ message: 'Image addresses must be at most 2048 characters' }),
  'theme.imageNotBase64': msg({
    message: 'An uploaded image must be sent as data:image/...;base64,...',
  }),
  'theme.imageTooLarge': msg({ message: 'Uploaded images must be at most 2 MB' }),
  'theme.imageFormat': msg({
    message: 'The upload is not an image we accept. Use a JPEG, PNG, WebP, GIF or AVIF image.',
  }),
  'theme.imageSvg': msg({
    message: 'SVG images cannot be uploaded. Use a JPEG, PNG, WebP, GIF or AVIF image.',
  }),
  'theme.imageTooManyPixels': msg({
    message: 'The image has too many pixels to process. Use a smaller image.',
  }),
  'theme.imageUnreadable': msg({
    message: 'The uploaded image could not be read. It may be damaged.',
  }),
  'theme.imageBusy': msg({
    message: 'Too many images are being processed right now. Please try again in a moment.',
  }),
  'theme.imageUnknownUpload': msg({
    message: 'That uploaded image no longer exists. Upload it again.',
  }),
  'theme.backgroundUpload': msg({
    message: 'Upload the image as image_url; background_url takes an https:// address',
  }),
  'theme.themeIdRequired': msg({ message: 'theme_id is required' }),
  'theme.reasonRequired': msg({ message: 'Please say why you are reporting this theme' }),
  'theme.reasonTooLong': msg({ message: 'The reason must be at most 500 characters' }),
  'theme.reportOnlyOthersPublic': msg({
    message: "Only other people's public themes can be reported",
  }),
  'theme.alreadyReported': msg({ message: 'You have already reported this theme' }),
  'theme.reported': msg({ message: 'Thank you. The theme has been reported for review.' }),
  'playlist.nameRequired': msg({ message: 'Playlist name is required' }),
  'playlist.nameTooLong': msg({ message: 'Playlist name must be at most 100 characters' }),
  'playlist.descriptionTooLong': msg({ message: 'Description must be at most 500 characters' }),
  'playlist.tooManyPlaylists': msg({
    message: 'You can keep at most 200 playlists. Delete one to create another.',
  }),
  'playlist.tooManyTracks': msg({ message: 'A playlist can hold at most 500 tracks.' }),
  'playlist.tracksList': msg({ message: 'Tracks must be a list of tracks' }),
  'playlist.trackTitleRequired': msg({ message: 'Track title is required' }),
  'playlist.trackTitleTooLong': msg({ message: 'Track title must be at most 300 characters' }),
  'playlist.trackArtistTooLong': msg({ message: 'Track artist must be at most 200 characters' }),
  'playlist.trackUrl': msg({
    message: 'Track URL must be an http:// or https:// address of at most 2048 characters',
  }),
  'playlist.trackArtwork': msg({
    message: 'Artwork must be empty or an http:// or https:// address of at most 2048 characters',
  }),
  'playlist.trackDuration': msg({
    message: 'Track duration must be a whole number of seconds from 0 to 86400',
  }),
  'playlist.trackSource': msg({ message: 'Track source must be one of youtube, audio' }),
  'playlist.songIdsList': msg({ message: 'song_ids must be a list of song ids' }),
  'playlist.songIdsPermutation': msg({
    message: 'song_ids must list every song of the playlist exactly once',
  }),
  'playlist.notFound': msg({ message: 'Playlist not found' }),
  'playlist.songNotFound': msg({ message: 'Song not found in this playlist' }),
  'playlist.songChangeRequired': msg({
    message: 'Send a title, an artist or an artwork to change',
  }),
  'music.queryRequired': msg({ message: 'Please enter a search query' }),
  'music.queryTooLong': msg({ message: 'Search query must be at most 200 characters' }),
  'music.searchNotConfigured': msg({
    message:
      'YouTube search is not set up on this server. Paste a YouTube link to add a track instead.',
  }),
  'music.searchAccessDenied': msg({
    message: 'YouTube API access denied. The API key may be invalid or restricted.',
  }),
  'music.searchUnavailable': msg({
    message: 'YouTube search is not responding right now. Please try again later.',
  }),
  'music.linkRequired': msg({ message: 'Please paste a YouTube link or video id' }),
  'music.linkInvalid': msg({ message: 'That is not a YouTube link or an 11-character video id' }),
  'music.videoNotFound': msg({
    message: 'That YouTube video does not exist or cannot be played here',
  }),
  'music.resolveUnavailable': msg({
    message: 'YouTube is not responding right now. Please try again later.',
  }),
  'admin.accountDisabled': msg({
    message:
      'This account has been disabled. If you think this is a mistake, contact the administrators.',
  }),
  'admin.userNotFound': msg({ message: 'User not found' }),
  'admin.reportNotFound': msg({ message: 'Report not found' }),
  'admin.themeNotFound': msg({ message: 'Theme not found' }),
  'admin.cannotRevokeOwnAdmin': msg({ message: 'You cannot remove your own admin role.' }),
  'admin.cannotDisableSelf': msg({ message: 'You cannot disable your own account.' }),
  'admin.cannotDeleteSelf': msg({
    message: 'You cannot delete your own account from the admin area.',
  }),
  'admin.inAdminEmails': msg({
    message:
      'This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server to revoke it.',
  }),
  'admin.inAdminEmailsDisable': msg({
    message:
      'This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server before disabling it.',
  }),
  'admin.inAdminEmailsDelete': msg({
    message:
      'This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server before deleting it.',
  }),
  'admin.alreadyAdmin': msg({ message: 'This account is already an admin.' }),
  'admin.notAdmin': msg({ message: 'This account has no admin role to remove.' }),
  'admin.alreadyDisabled': msg({ message: 'This account is already disabled.' }),
  'admin.notDisabled': msg({ message: 'This account is not disabled.' }),
  'admin.alreadyVerified': msg({ message: 'This email address is already verified.' }),
  'admin.reportNotOpen': msg({ message: 'This report has already been resolved.' }),
  'admin.notPublicCustom': msg({
    message: 'Only public custom themes can be hidden or restored here.',
  }),
  'admin.alreadyHidden': msg({ message: 'This theme is already hidden.' }),
  'admin.notHidden': msg({ message: 'This theme is not hidden.' }),
  'admin.notCustomTheme': msg({
    message: 'Only custom themes are deleted here; standard themes have their own page.',
  }),
  'admin.seededThemeUndeletable': msg({
    message:
      'The ten original standard themes cannot be deleted. You can edit them or choose another default.',
  }),
  'admin.defaultThemeUndeletable': msg({
    message: 'This is the default theme. Choose another default before deleting it.',
  }),
  'admin.alreadyDefault': msg({ message: 'This theme is already the default.' }),
  'admin.hideReasonTooLong': msg({ message: 'The reason must be at most 500 characters' }),
  'admin.searchTooLong': msg({ message: 'Search text must be at most 100 characters' }),
  'admin.hiddenByModerator': msg({ message: 'Hidden by a moderator' }),
  'admin.adminOnly': msg({ message: 'Admin access required' }),
  'oauth.unknownProvider': msg({ message: 'This sign-in option is not available.' }),
  'oauth.exchangeCodeInvalid': msg({
    message: 'This sign-in code is invalid or has expired. Please sign in again.',
  }),
  'oauth.linkRequiresSignIn': msg({ message: 'Sign in first to connect an account.' }),
  'oauth.connectionNotFound': msg({ message: 'This provider is not connected to your account.' }),
  'oauth.lastSignInMethod': msg({
    message:
      'This is your only way to sign in. Set a password first (in "Set a password" on your profile), then disconnect it.',
  }),
  access_denied: msg({ message: 'Sign-in was cancelled or access was not granted.' }),
  state_mismatch: msg({
    message: 'This sign-in attempt is not valid or has expired. Please start again.',
  }),
  provider_unavailable: msg({
    message: 'The sign-in service is not available right now. Please try again later.',
  }),
  provider_not_configured: msg({ message: 'This sign-in option is not available.' }),
  account_exists_sign_in_first: msg({
    message:
      'An account with this email already exists. Sign in with your password first, then connect this provider from your profile.',
  }),
  already_linked_elsewhere: msg({
    message: 'This account is already connected to a different Focusroom account.',
  }),
  provider_already_connected: msg({
    message:
      'Your Focusroom account is already connected to another account of this provider. Disconnect it first.',
  }),
  email_missing: msg({
    message:
      'The provider did not share a verified email address, so no account could be made. Add one there, or sign up with email.',
  }),
  account_unavailable: msg({ message: 'This account cannot sign in.' }),
  sign_in_required: msg({
    message: 'Your session has ended. Sign in again, then connect the provider.',
  }),
  sign_in_failed: msg({ message: 'External sign-in failed. Please try again.' }),
  'http.badRequest': msg({ message: 'Bad request' }),
  'http.invalidRequest': msg({ message: 'Invalid request' }),
  'http.invalidValue': msg({ message: 'Invalid value' }),
  'http.authenticationRequired': msg({ message: 'Authentication required' }),
  'http.notFound': msg({ message: 'Not found' }),
  'http.methodNotAllowed': msg({ message: 'Method not allowed' }),
  'http.invalidJson': msg({ message: 'Request body is not valid JSON' }),
  'http.emptyBody': msg({ message: 'Request body is empty' }),
  'http.bodyTooLarge': msg({ message: 'Request body is too large' }),
  'http.unsupportedContentType': msg({
    message: 'Unsupported content type: send application/json',
  }),
  'http.contentLengthMismatch': msg({ message: 'Content-Length does not match the body' }),
  'http.tooManyRequests': msg({ message: 'Too many requests' }),
  'http.urlTooLong': msg({ message: 'URL is too long' }),
  'http.headersTooLarge': msg({ message: 'Request headers are too large' }),
  'http.requestTimeout': msg({ message: 'The request took too long to arrive' }),
  'http.nulCharacter': msg({ message: 'Text must not contain NUL characters' }),
  'http.internal': msg({ message: 'Internal server error' }),
  'http.databaseUnavailable': msg({
    message: 'The service is briefly unavailable. Please try again in a moment.',
  }),
  'http.storageFull': msg({
    message:
      'The server has no room to save changes right now, so nothing was saved. Please try again later.',
  }),
  OVERLOADED: msg({
    message: 'The service is busy right now, so nothing was done. Please try again in a moment.',
  }),
  'http.retryInSeconds': msg({
    message:
      '{count, plural, one {Too many attempts. Try again in # second.} other {Too many attempts. Try again in # seconds.}}',
  }),
  'http.retryInMinutes': msg({
    message:
      '{count, plural, one {Too many attempts. Try again in # minute.} other {Too many attempts. Try again in # minutes.}}',
  }),
};
