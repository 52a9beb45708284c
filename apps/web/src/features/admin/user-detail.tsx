import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import type { AdminUser, AdminUserDetail } from '@focusroom/core/schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { adminApi } from './admin-api';
import { formatCount, formatWhen } from './admin-format';
import { adminKeys, useAdminAction, useUserQuery } from './admin-queries';
import { ConfirmActionModal, type ConfirmRequest } from './confirm-action-modal';
import { QueryState } from './query-state';
import { userActionConsequence, userActionOptions, type UserActionOption } from './user-actions';
import { UserBadges } from './user-badges';

function adminSource(user: AdminUser): MessageDescriptor {
  if (user.has_admin_role && user.in_admin_emails)
    return msg`Yes: admin role, and listed in ADMIN_EMAILS`;
  if (user.has_admin_role) return msg`Yes: admin role`;
  if (user.in_admin_emails) {
    return user.is_verified
      ? msg`Yes: listed in ADMIN_EMAILS`
      : msg`Not yet: listed in ADMIN_EMAILS, admin once verified`;
  }
  return msg`No`;
}

function Facts({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useLingui();
  const pendingEmail = user.pending_email;
  const disabledSince = user.disabled_at ? formatWhen(user.disabled_at) : null;
  const facts: [string, string][] = [
    [t`Joined`, formatWhen(user.created_at)],
    [t`Email verified`, user.is_verified ? t`Yes` : t`No`],
    // Decision 050: a new address the account asked for, not in use until its link is opened.
    ...(pendingEmail
      ? ([[t`New email waiting`, t`${pendingEmail} (not confirmed yet)`]] as [string, string][])
      : []),
    [t`Admin`, i18n._(adminSource(user))],
    [t`Disabled`, disabledSince ? t`Since ${disabledSince}` : t`No`],
    [t`Focus sessions`, formatCount(user.counts.focus_sessions)],
    [t`Custom themes`, formatCount(user.counts.custom_themes)],
    [t`Playlists`, formatCount(user.counts.playlists)],
    [t`Active sign-ins`, formatCount(user.counts.active_sign_ins)],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" className="fr-admin-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm">
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function ActionButton({ option, onPress }: { option: UserActionOption; onPress: () => void }) {
  const reasonId = useId();
  const { i18n } = useLingui();
  const blocked = option.blockedReason !== undefined;
  return (
    <div className="fr-admin-action">
      <Button
        fullWidth
        variant={option.danger ? 'light' : 'filled'}
        color={option.danger ? 'red' : undefined}
        disabled={blocked}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={onPress}
      >
        {i18n._(option.label)}
      </Button>
      {option.blockedReason ? (
        <Text id={reasonId} size="xs" c="dimmed" mt={4}>
          {i18n._(option.blockedReason)}
        </Text>
      ) : null}
    </div>
  );
}

function UserPanel({ user, onDeleted }: { user: AdminUserDetail; onDeleted: () => void }) {
  const viewerId = useAuth().user?.id ?? null;
  const act = useAdminAction();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const headingId = useId();
  const { t, i18n } = useLingui();

  const run = (option: UserActionOption) => {
    if (option.key === 'delete') {
      return act(
        option.audit,
        user.username,
        async () => {
          await adminApi.deleteUser(user.id);
          onDeleted();
        },
        adminKeys.user(user.id),
      );
    }
    const key = option.key;
    return act(option.audit, user.username, () => adminApi.userAction(key, user.id));
  };

  const press = (option: UserActionOption) => {
    if (!option.danger) {
      // Verify, make admin, enable: nothing is lost, so no question first.
      void run(option).catch(() => undefined);
      return;
    }
    const consequence = userActionConsequence(option.key, user.username);
    setConfirm({
      title: i18n._(option.question ?? option.label),
      body: consequence ? i18n._(consequence) : '',
      confirmLabel: i18n._(option.label),
      danger: true,
      ...(option.key === 'delete' ? { typeToConfirm: user.username } : {}),
      onConfirm: () => run(option),
    });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4" id={headingId}>
          {user.name}
        </Title>
        <Text size="sm" c="dimmed">
          @{user.username} · <span className="fr-admin-break">{user.email}</span>
        </Text>
        <div className="fr-admin-badges">
          <UserBadges user={user} />
        </div>
      </div>
      <Facts user={user} />
      <section aria-labelledby={`${headingId}-actions`}>
        <Title order={3} size="h6" id={`${headingId}-actions`} mb="xs">
          {t`Actions`}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {userActionOptions(user, viewerId).map((option) => (
            <ActionButton key={option.key} option={option} onPress={() => press(option)} />
          ))}
        </SimpleGrid>
      </section>
      <ConfirmActionModal request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** One account: its facts, what it holds, and the admin's actions on it. */
export function UserDetailModal({
  userId,
  onClose,
}: {
  userId: string | null;
  onClose: () => void;
}) {
  const query = useUserQuery(userId);
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const { t } = useLingui();
  return (
    <Modal
      opened={userId !== null}
      onClose={onClose}
      title={t`Account`}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {userId !== null ? (
        <QueryState query={query} label={t`Loading the account`}>
          {(user) => <UserPanel user={user} onDeleted={onClose} />}
        </QueryState>
      ) : null}
    </Modal>
  );
}
