import { Box, Burger, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { UserAvatar } from '../../components/user-avatar';
import { TimerBadge } from '../../features/timer/timer-badge';
import { useAuth } from '../../lib/auth-context';
import { SIGNED_IN_ITEMS } from './nav-items';
import { useSignOut } from './use-sign-out';

export interface TopBarProps {
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}

function BarLink({ to, label }: { to: string; label: string }) {
  return (
    <UnstyledButton component={NavLink} to={to} className="fr-nav-link">
      {label}
    </UnstyledButton>
  );
}

/** The navigation bar of SPEC §2; below `sm` only the brand and the burger show. */
export function TopBar({ drawerOpened, onToggleDrawer }: TopBarProps) {
  const { status, user } = useAuth();
  const signOut = useSignOut();
  const signedIn = status === 'authenticated';

  return (
    <Box component="header" className="fr-header">
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <UnstyledButton component={Link} to="/" className="fr-brand">
            <BrandMark size={28} />
            <span>Focusroom</span>
          </UnstyledButton>

          <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" visibleFrom="sm">
            <BarLink to="/about" label="About" />
            {signedIn ? (
              <>
                {SIGNED_IN_ITEMS.map((item) => (
                  <BarLink key={item.to} to={item.to} label={item.label} />
                ))}
                <TimerBadge />
                {user ? (
                  <Group gap={8} wrap="nowrap" className="fr-user-chip">
                    <UserAvatar
                      avatarUrl={user.avatarUrl}
                      name={user.name}
                      username={user.username}
                      size={30}
                      decorative
                    />
                    <Text size="sm" fw={600} truncate="end" maw={140} pr={8} visibleFrom="md">
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
                >
                  Logout
                </Button>
              </>
            ) : (
              <>
                <BarLink to="/login" label="Login" />
                <Button component={Link} to="/register" size="compact-sm" ml={4}>
                  Register
                </Button>
              </>
            )}
          </Group>

          <Group gap="xs" wrap="nowrap" hiddenFrom="sm">
            {/* Small screens keep the badge in view beside the menu too. */}
            <TimerBadge compact />
            <Burger
              opened={drawerOpened}
              onClick={onToggleDrawer}
              aria-label="Toggle navigation"
              aria-expanded={drawerOpened}
              size="sm"
            />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
