import { Alert, Anchor, Container, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { resendVerificationPath } from '../paths';

/** Product §2, §6: an unverified account works everywhere, with a banner asking to verify. */
export function VerifyBanner() {
  const { status, user } = useAuth();
  const { t } = useLingui();
  if (status !== 'authenticated' || !user || user.is_verified !== false) return null;
  const email = user.email;
  return (
    <Container size="lg" pt="md">
      <Alert
        role="status"
        color="focus"
        variant="light"
        radius="md"
        icon={<IconMailCheck size={20} aria-hidden />}
        title={t`Please verify your email address`}
      >
        <Text size="sm">
          {email
            ? t`We sent a verification link to ${email}. Open it to confirm your account.`
            : t`We sent a verification link to your email address. Open it to confirm your account.`}{' '}
          <Anchor
            component={Link}
            to={resendVerificationPath(email || undefined)}
            size="sm"
            fw={600}
          >
            {t`Send a new verification link`}
          </Anchor>
        </Text>
      </Alert>
    </Container>
  );
}
