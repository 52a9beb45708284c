import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../../lib/auth-context';
import { HomeHeadline, HomeIntro } from './home-intro';

/** One line for a signed-in user: the timer below is what they came for. */
function WelcomeBack({ name }: { name: string }) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Stack gap={2}>
        <Title order={1} className="fr-home-title">
          <span className="fr-scrim-lines">
            {name ? t`Welcome back, ${name}` : t`Welcome back`}
          </span>
        </Title>
        <Text c="dimmed">
          <span className="fr-scrim-lines">{t`Ready for another focused session?`}</span>
        </Text>
      </Stack>
      <Button
        component={Link}
        to={ROUTES.stats.path}
        variant="default"
        leftSection={<IconChartBar size={18} aria-hidden />}
      >
        {t`See your statistics`}
      </Button>
    </Group>
  );
}

/**
 * The first screen (/). The time and Start are on the first screen for everyone, at laptop and
 * phone sizes (product §2): a short headline, the timer, then (visitors) what Focusroom does.
 * The timer (one and the same as on /dashboard) comes in as `children`: the app composes it
 * in (app/routes.tsx), so this page knows nothing of the timer.
 */
export function HomePage({ children }: { children?: ReactNode }) {
  useDocumentTitle(null);
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <Container size="lg" py={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        {signedIn ? <WelcomeBack name={user?.name || user?.username || ''} /> : <HomeHeadline />}
        {children}
        {signedIn ? null : <HomeIntro />}
      </Stack>
    </Container>
  );
}
