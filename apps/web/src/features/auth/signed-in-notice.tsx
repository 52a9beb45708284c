import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { part, withParts } from '../../i18n';
import { useAuth } from '../../lib/auth-context';
import { AFTER_SIGN_IN_PATH } from '../../app/paths';

/**
 * Login and register stay usable when a session exists (e.g. "Go to Login" after verifying in
 * the same browser); this says who is signed in and offers the way back.
 */
export function SignedInNotice({ page }: { page: 'login' | 'register' }) {
  const { status, user } = useAuth();
  const { t } = useLingui();
  if (status !== 'authenticated' || !user) return null;
  const name = user.username || user.name;
  // The link's words are a message of their own, the rest of the sentence one message around it.
  const dashboard = part('dashboard');
  const choice =
    page === 'login'
      ? t({
          comment: '{dashboard} is the link "Continue to your dashboard"',
          message: `${dashboard}, or log in with another account below.`,
        })
      : t({
          comment: '{dashboard} is the link "Continue to your dashboard"',
          message: `${dashboard}, or create another account below.`,
        });
  return (
    <Alert
      role="status"
      color="focus"
      variant="light"
      icon={<IconInfoCircle size={20} aria-hidden />}
    >
      {t`You are signed in as @${name}.`}{' '}
      {withParts(choice, {
        dashboard: (
          <Anchor component={Link} to={AFTER_SIGN_IN_PATH} fw={600} size="sm">
            {t`Continue to your dashboard`}
          </Anchor>
        ),
      })}
    </Alert>
  );
}
