import { Box, Burger, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { DeferredUserAvatar } from '../../components/deferred-user-avatar';
import { TimerBadge } from '../../features/timer';
import { LanguageFollowsAccount, LanguageSelect } from '../../i18n';
import { useAuth } from '../../lib/auth-context';
import { headerSlotRef } from '../../lib/header-slots';
import { ROUTES, navRouteIdOf } from '../paths';
import { useViewer } from '../use-viewer';
import { navItems } from './nav-items';
import { useSignOut } from './use-sign-out';

interface TopBarProps {
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}

/** A bar link; `current` when the page is its route or one of that route's detail pages. */
function BarLink({ to, label, current }: { to: string; label: string; current: boolean }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      className="fr-nav-link"
      aria-current={current ? 'page' : undefined}
    >
      {label}
    </UnstyledButton>
  );
}

/** The navigation bar of product §2; below `sm` only the brand and the burger show. */
export function TopBar({ drawerOpened, onToggleDrawer }: TopBarProps) {
  const { status, user } = useAuth();
  const viewer = useViewer();
  const signOut = useSignOut();
  const signedIn = status === 'authenticated';
  const currentId = navRouteIdOf(useLocation().pathname);
  const { t, i18n } = useLingui();

  return (
    <Box component="header" className="fr-header">
      <LanguageFollowsAccount />
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          {/* The brand is what index.html's boot bar paints too (`fr-boot-bar`): the same mark,
              the favicon, which the browser has already fetched. */}
          <UnstyledButton component={Link} to={ROUTES.home.path} className="fr-brand fr-boot-bar">
            <img src="/favicon.svg" width={28} height={28} alt="" />
            <span>Focusroom</span>
          </UnstyledButton>

          <Group component="nav" aria-label={t`Main`} gap={4} wrap="nowrap" visibleFrom="sm">
            {navItems(viewer, 'bar').map((item) =>
              item.prominent ? (
                <Button key={item.id} component={Link} to={item.to} size="compact-sm" ml={4}>
                  {i18n._(item.label)}
                </Button>
              ) : (
                <BarLink
                  key={item.id}
                  to={item.to}
                  label={i18n._(item.label)}
                  current={item.id === currentId}
                />
              ),
            )}
            {signedIn ? (
              <>
                <TimerBadge />
                {user ? (
                  <Group gap={8} wrap="nowrap" className="fr-user-chip">
                    <DeferredUserAvatar {...user} size={30} decorative />
                    <Text
                      size="sm"
                      fw={600}
                      truncate="end"
                      maw={140}
                      pr={8}
                      visibleFrom="md"
                      title={user.username || user.name}
                    >
                      {user.username || user.name}
                    </Text>
                  </Group>
                ) : null}
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  fw={500}
                  leftSection={<IconLogout size={16} aria-hidden />}
                  onClick={() => void signOut()}
                  aria-label={t`Logout`}
                  title={t`Logout`}
                  className="fr-logout"
                >
                  {/* The words make room for longer languages on a laptop's width. */}
                  <span className="fr-logout-label">{t`Logout`}</span>
                </Button>
              </>
            ) : null}
            <LanguageSelect />
          </Group>

          <Group gap="xs" wrap="nowrap" hiddenFrom="sm" className="fr-header-tools">
            {/* Small screens keep the Sounds and music buttons here, not over the page
                (decision 055), and the badge in view beside the menu too. */}
            <div ref={headerSlotRef('sounds')} className="fr-header-slot" />
            <div ref={headerSlotRef('music')} className="fr-header-slot" />
            <TimerBadge compact />
            <Burger
              opened={drawerOpened}
              onClick={onToggleDrawer}
              aria-label={t`Toggle navigation`}
              aria-expanded={drawerOpened}
              size="sm"
            />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
