/**
 * The signed-in user's own account: password change, email change, deletion (what the API answers
 * in `message` and field errors, product §7, §8). A module of its own, apart from api-messages.ts:
 * the web app's first screen holds the account's actions, and reads `accountDeleted` where the
 * answer to a deletion carried no message (docs/decisions/077).
 */
export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordForEmail: 'Enter your current password to change your email',
  wrongPassword: 'Password is incorrect',
  passwordChanged: 'Password changed successfully',
  accountDeleted: 'Your account has been deleted',
} as const;
