import type { AdminAction } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ADMIN_CORE_MESSAGES } from './core-messages';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type { AdminUser } from '@focusroom/core/schemas';
import type { UserAction } from './admin-api';

export type UserActionKey = UserAction | 'delete';

/**
 * One button of a user's panel: what it does, whether it may be pressed now, and if not why.
 * Its words are messages, rendered in the reader's language with `i18n._`.
 */
export interface UserActionOption {
  key: UserActionKey;
  label: MessageDescriptor;
  /** The confirmation's title ("Disable account?"), for the dangerous ones. */
  question?: MessageDescriptor;
  /** The audit log's action, whose label is also the success message. */
  audit: AdminAction;
  /** Takes something away from the person: confirmed first, shown in red. */
  danger: boolean;
  /** Why the button is off (shown under it); absent when it may be pressed. */
  blockedReason?: MessageDescriptor;
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

const WORDS: Record<UserActionKey, { label: MessageDescriptor; question?: MessageDescriptor }> = {
  verify: { label: msg`Mark email verified` },
  grantAdmin: { label: msg`Make admin` },
  revokeAdmin: { label: msg`Remove admin role`, question: msg`Remove admin role?` },
  disable: { label: msg`Disable account`, question: msg`Disable account?` },
  enable: { label: msg`Enable account` },
  signOut: { label: msg`End all sessions`, question: msg`End all sessions?` },
  delete: { label: msg`Delete account`, question: msg`Delete account?` },
};

function option(
  key: UserActionKey,
  danger: boolean,
  blockedReason?: MessageDescriptor,
): UserActionOption {
  return {
    key,
    ...WORDS[key],
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
  if (!user.is_verified) options.push(option('verify', false));
  if (user.is_admin || user.has_admin_role) {
    options.push(
      option(
        'revokeAdmin',
        true,
        self
          ? ADMIN_CORE_MESSAGES.cannotRevokeOwnAdmin
          : user.in_admin_emails
            ? ADMIN_CORE_MESSAGES.inAdminEmails
            : undefined,
      ),
    );
  } else {
    options.push(option('grantAdmin', false));
  }
  if (user.disabled_at) {
    options.push(option('enable', false));
  } else {
    options.push(
      option(
        'disable',
        true,
        self
          ? ADMIN_CORE_MESSAGES.cannotDisableSelf
          : listedAdmin
            ? ADMIN_CORE_MESSAGES.inAdminEmailsDisable
            : undefined,
      ),
    );
  }
  options.push(option('signOut', true, self ? ADMIN_WEB_MESSAGES.selfSignOut : undefined));
  options.push(
    option(
      'delete',
      true,
      self
        ? ADMIN_CORE_MESSAGES.cannotDeleteSelf
        : listedAdmin
          ? ADMIN_CORE_MESSAGES.inAdminEmailsDelete
          : undefined,
    ),
  );
  return options;
}

/** What the confirmation of a dangerous action says will happen (null for the others). */
export function userActionConsequence(
  key: UserActionKey,
  username: string,
): MessageDescriptor | null {
  switch (key) {
    case 'revokeAdmin':
      return msg`${username} will lose the admin area at their next request.`;
    case 'disable':
      return msg`${username} will be signed out everywhere and cannot sign in until the account is enabled again.`;
    case 'signOut':
      return msg`Every device ${username} is signed in on will be signed out. They can sign in again.`;
    case 'delete':
      return msg`${username}'s account and all of their data (sessions, to-dos, settings, themes) will be deleted. This cannot be undone.`;
    default:
      return null;
  }
}
