import { Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { CenteredLoader } from '../../components/centered-loader';
import { FormErrorAlert } from '../../components/form-error-alert';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { AFTER_SIGN_IN_PATH, ROUTES } from '../../app/paths';
import {
  INVALID_SIGN_IN_LINK_MESSAGE,
  forgetExternalSignInState,
  readExternalSignInCallback,
} from './external-sign-in';

/**
 * /oauth-callback: external sign-in ends here with `#token=...&state=...` (checked against the
 * state this tab stored, then the user is loaded and sent to the dashboard) or with an `error`
 * code (shown as a fixed message). Anything else is refused.
 */
export function OAuthCallbackPage() {
  const { completeExternalSignIn } = useAuth();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // Read once: the address is cleared right after, and the answer must not change with it.
  const [callback] = useState(() => readExternalSignInCallback(hash, search));
  const [failure, setFailure] = useState<string | null>(() =>
    callback.kind === 'error'
      ? callback.message
      : callback.kind === 'invalid'
        ? INVALID_SIGN_IN_LINK_MESSAGE
        : null,
  );
  // Strict mode runs effects twice; one callback is handled once.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    forgetExternalSignInState();
    // Keep the token out of history, the address bar and any later Referer.
    if (search || hash) void navigate(pathname, { replace: true });
    if (callback.kind !== 'token') return;
    void completeExternalSignIn(callback.token).then((result) => {
      if (result.success) {
        if (result.message) notify({ tone: 'warning', message: result.message });
        void navigate(AFTER_SIGN_IN_PATH, { replace: true });
      } else {
        setFailure(result.message ?? 'Sign-in failed.');
      }
    });
  }, [callback, completeExternalSignIn, navigate, pathname, search, hash]);

  if (!failure) return <CenteredLoader label="Signing you in" />;
  return (
    <AuthCard title="Sign-in did not complete">
      <Stack gap="md" align="flex-start">
        <FormErrorAlert w="100%">{failure}</FormErrorAlert>
        <Button component={Link} to={ROUTES.login.path} size="md">
          Back to Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
