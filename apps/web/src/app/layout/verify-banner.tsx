import { Alert, Anchor, Container, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { resendVerificationPath } from '../paths';

/** Product §2, §6: an unverified account works everywhere, with a banner asking to verify. */
export function VerifyBanner() {
  const { status, user } = useAuth();
  if (status !== 'authenticated' || !user || user.is_verified !== false) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        role="status"
        color="focus"
        variant="light"
        radius="md"
        icon={<IconMailCheck size={20} aria-hidden />}
        title="Please verify your email address"
      >
        <Text size="sm">
          We sent a verification link to {user.email || 'your email address'}. Open it to confirm
          your account.{' '}
          <Anchor
            component={Link}
            to={resendVerificationPath(user.email || undefined)}
            size="sm"
            fw={600}
          >
            Send a new verification link
          </Anchor>
        </Text>
      </Alert>
    </Container>
  );
}
