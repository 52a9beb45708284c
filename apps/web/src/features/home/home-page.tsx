import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../../lib/auth-context';
import { HomeFeatures, HomeHero } from './home-intro';

function WelcomeBack({ name }: { name: string }) {
  return (
    <Stack gap="sm">
      <Title order={1}>Welcome back{name ? `, ${name}` : ''}</Title>
      <Text c="dimmed" size="lg">
        Ready for another focused session? Your timer, to-dos and music are waiting.
      </Text>
      <Group gap="sm">
        <Button component={Link} to={ROUTES.dashboard.path} size="md">
          Open dashboard
        </Button>
        <Button component={Link} to={ROUTES.stats.path} size="md" variant="default">
          See your statistics
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The first screen (/). Visitors get the headline, the timer, then what Focusroom does;
 * signed-in users a short welcome and the timer. The timer (one and the same as on /dashboard,
 * product §2) comes in as `children`: the app composes it in, since features never import
 * each other.
 */
export function HomePage({ children }: { children?: ReactNode }) {
  useDocumentTitle(null);
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap={48}>
        {signedIn ? <WelcomeBack name={user?.name || user?.username || ''} /> : <HomeHero />}
        {children}
        {signedIn ? null : <HomeFeatures />}
      </Stack>
    </Container>
  );
}
