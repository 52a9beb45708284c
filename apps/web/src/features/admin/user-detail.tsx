import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import type { AdminUser, AdminUserDetail } from '@focusroom/core/schemas';
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

function adminSource(user: AdminUser): string {
  if (user.has_admin_role && user.in_admin_emails)
    return 'Yes: admin role, and listed in ADMIN_EMAILS';
  if (user.has_admin_role) return 'Yes: admin role';
  if (user.in_admin_emails) {
    return user.is_verified
      ? 'Yes: listed in ADMIN_EMAILS'
      : 'Not yet: listed in ADMIN_EMAILS, admin once verified';
  }
  return 'No';
}

function Facts({ user }: { user: AdminUserDetail }) {
  const facts: [string, string][] = [
    ['Joined', formatWhen(user.created_at)],
    ['Email verified', user.is_verified ? 'Yes' : 'No'],
    // Decision 050: a new address the account asked for, not in use until its link is opened.
    ...(user.pending_email
      ? ([['New email waiting', `${user.pending_email} (not confirmed yet)`]] as [string, string][])
      : []),
    ['Admin', adminSource(user)],
    ['Disabled', user.disabled_at ? `Since ${formatWhen(user.disabled_at)}` : 'No'],
    ['Focus sessions', formatCount(user.counts.focus_sessions)],
    ['Custom themes', formatCount(user.counts.custom_themes)],
    ['Playlists', formatCount(user.counts.playlists)],
    ['Active sign-ins', formatCount(user.counts.active_sign_ins)],
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
        {option.label}
      </Button>
      {blocked ? (
        <Text id={reasonId} size="xs" c="dimmed" mt={4}>
          {option.blockedReason}
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
    setConfirm({
      title: `${option.label}?`,
      body: userActionConsequence(option.key, user.username),
      confirmLabel: option.label,
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
          Actions
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
  return (
    <Modal
      opened={userId !== null}
      onClose={onClose}
      title="Account"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {userId !== null ? (
        <QueryState query={query} label="Loading the account">
          {(user) => <UserPanel user={user} onDeleted={onClose} />}
        </QueryState>
      ) : null}
    </Modal>
  );
}
