import { Anchor, Container, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { ROUTES } from '../paths';

/** Legal pages for everyone; Help for signed-in users (product §2 puts /help behind sign-in). */
export function AppFooter() {
  const { status } = useAuth();
  const { t } = useLingui();
  return (
    <footer className="fr-footer">
      <Container size="lg">
        <Group justify="space-between" gap="sm" py="lg">
          <Text size="sm" c="dimmed">
            {t`Focusroom · a calm place to focus`}
          </Text>
          <Group component="nav" aria-label={t`Footer`} gap="md">
            {status === 'authenticated' ? (
              <Anchor component={Link} to={ROUTES.help.path} size="sm" c="dimmed">
                {t`Help`}
              </Anchor>
            ) : null}
            <Anchor component={Link} to={ROUTES.privacy.path} size="sm" c="dimmed">
              {t`Privacy`}
            </Anchor>
            <Anchor component={Link} to={ROUTES.terms.path} size="sm" c="dimmed">
              {t`Terms`}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
