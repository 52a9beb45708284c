import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Divider.css';
import { Button, Divider, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { DeferredUserAvatar } from '../../components/deferred-user-avatar';
import { TimerBadge } from '../../features/timer';
import { LanguageSelect } from '../../i18n';
import { useAuth } from '../../lib/auth-context';
import { navRouteIdOf } from '../paths';
import { useViewer } from '../use-viewer';
import { navItems } from './nav-items';
import { useSignOut } from './use-sign-out';

interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** The small-screen menu of product §2: a top drawer with Home, About and the bar's items. */
export default function NavDrawer({ opened, onClose }: NavDrawerProps) {
  const { status, user } = useAuth();
  const signOut = useSignOut();
  const viewer = useViewer();
  const signedIn = status === 'authenticated';
  const items = navItems(viewer, 'drawer');
  // The current item: the page's route, or the list a detail page belongs to.
  const currentId = navRouteIdOf(useLocation().pathname);
  const { t, i18n } = useLingui();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="top"
      size="md"
      title={t`Menu`}
      closeButtonProps={{ 'aria-label': t`Close navigation` }}
      classNames={{ content: 'fr-drawer-content' }}
    >
      <Stack gap="xs" component="nav" aria-label={t`Menu`}>
        {signedIn && user ? (
          <Group gap="sm" wrap="nowrap" py={4}>
            <DeferredUserAvatar {...user} size={36} decorative />
            <Text fw={600}>@{user.username || user.name}</Text>
          </Group>
        ) : null}
        {signedIn ? (
          <div>
            <TimerBadge onNavigate={onClose} />
          </div>
        ) : null}
        {items.map((item) => (
          <UnstyledButton
            key={item.id}
            component={Link}
            to={item.to}
            aria-current={item.id === currentId ? 'page' : undefined}
            onClick={onClose}
            className="fr-drawer-link"
          >
            {i18n._(item.label)}
          </UnstyledButton>
        ))}
        <Divider my={4} />
        <LanguageSelect className="fr-drawer-language" />
        {signedIn ? (
          <>
            <Button
              variant="light"
              color="gray"
              justify="flex-start"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={() => {
                onClose();
                void signOut();
              }}
            >
              {t`Logout`}
            </Button>
          </>
        ) : null}
      </Stack>
    </Drawer>
  );
}
