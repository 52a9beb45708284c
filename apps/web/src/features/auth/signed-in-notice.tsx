import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { AFTER_SIGN_IN_PATH } from '../../app/paths';

/**
 * Login and register stay usable when a session exists (e.g. "Go to Login" after verifying in
 * the same browser); this says who is signed in and offers the way back.
 */
export function SignedInNotice({ action }: { action: string }) {
  const { status, user } = useAuth();
  if (status !== 'authenticated' || !user) return null;
  return (
    <Alert
      role="status"
      color="focus"
      variant="light"
      icon={<IconInfoCircle size={20} aria-hidden />}
    >
      You are signed in as @{user.username || user.name}.{' '}
      <Anchor component={Link} to={AFTER_SIGN_IN_PATH} fw={600} size="sm">
        Continue to your dashboard
      </Anchor>
      , or {action} below.
    </Alert>
  );
}
