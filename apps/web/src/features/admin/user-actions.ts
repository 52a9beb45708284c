import { ADMIN_MESSAGES, type AdminAction } from '@focusroom/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type { AdminUser } from '@focusroom/core/schemas';
import type { UserAction } from './admin-api';

export type UserActionKey = UserAction | 'delete';

/** One button of a user's panel: what it does, whether it may be pressed now, and if not why. */
export interface UserActionOption {
  key: UserActionKey;
  label: string;
  /** The audit log's action, whose label is also the success message. */
  audit: AdminAction;
  /** Takes something away from the person: confirmed first, shown in red. */
  danger: boolean;
  /** Why the button is off (shown under it); absent when it may be pressed. */
  blockedReason?: string;
}

const AUDIT: Record<UserActionKey, AdminAction> = {
  verify: 'user.verify',
  grantAdmin: 'user.grant_admin',
  revokeAdmin: 'user.revoke_admin',
  disable: 'user.disable',
  enable: 'user.enable',
  signOut: 'user.sign_out',
  delete: 'user.delete',
};

function option(
  key: UserActionKey,
  label: string,
  danger: boolean,
  blockedReason?: string,
): UserActionOption {
  return {
    key,
    label,
    audit: AUDIT[key],
    danger,
    ...(blockedReason ? { blockedReason } : {}),
  };
}

/**
 * The actions an admin has on an account, in the order the panel shows them. On their own
 * account the ones that would lock them out (remove the role, disable, delete, end every
 * session) are off, with the reason the server would give; removing the role of an address in
 * ADMIN_EMAILS is off too, because the server keeps it an admin while it is listed, and so are
 * disabling and deleting a verified listed account (the server refuses both).
 */
export function userActionOptions(
  user: Pick<
    AdminUser,
    'id' | 'is_verified' | 'is_admin' | 'has_admin_role' | 'in_admin_emails'
  > & {
    disabled_at: string | null;
  },
  viewerId: string | null,
): UserActionOption[] {
  const self = viewerId !== null && user.id === viewerId;
  const listedAdmin = user.in_admin_emails && user.is_verified;
  const options: UserActionOption[] = [];
  if (!user.is_verified) options.push(option('verify', 'Mark email verified', false));
  if (user.is_admin || user.has_admin_role) {
    options.push(
      option(
        'revokeAdmin',
        'Remove admin role',
        true,
        self
          ? ADMIN_MESSAGES.cannotRevokeOwnAdmin
          : user.in_admin_emails
            ? ADMIN_MESSAGES.inAdminEmails
            : undefined,
      ),
    );
  } else {
    options.push(option('grantAdmin', 'Make admin', false));
  }
  if (user.disabled_at) {
    options.push(option('enable', 'Enable account', false));
  } else {
    options.push(
      option(
        'disable',
        'Disable account',
        true,
        self
          ? ADMIN_MESSAGES.cannotDisableSelf
          : listedAdmin
            ? ADMIN_MESSAGES.inAdminEmailsDisable
            : undefined,
      ),
    );
  }
  options.push(
    option('signOut', 'End all sessions', true, self ? ADMIN_WEB_MESSAGES.selfSignOut : undefined),
  );
  options.push(
    option(
      'delete',
      'Delete account',
      true,
      self
        ? ADMIN_MESSAGES.cannotDeleteSelf
        : listedAdmin
          ? ADMIN_MESSAGES.inAdminEmailsDelete
          : undefined,
    ),
  );
  return options;
}

/** What the confirmation of a dangerous action says will happen. */
export function userActionConsequence(key: UserActionKey, username: string): string {
  switch (key) {
    case 'revokeAdmin':
      return `${username} will lose the admin area at their next request.`;
    case 'disable':
      return `${username} will be signed out everywhere and cannot sign in until the account is enabled again.`;
    case 'signOut':
      return `Every device ${username} is signed in on will be signed out. They can sign in again.`;
    case 'delete':
      return `${username}'s account and all of their data (sessions, to-dos, settings, themes) will be deleted. This cannot be undone.`;
    default:
      return '';
  }
}
