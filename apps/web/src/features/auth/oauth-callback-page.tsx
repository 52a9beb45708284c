import { useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { CenteredLoader } from '../../components/centered-loader';
import { FormErrorAlert } from '../../components/form-error-alert';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import type { ExternalSignInErrorCode } from '../../lib/oauth-api';
import { AFTER_SIGN_IN_PATH, ROUTES } from '../../app/paths';
import { AUTH_STATE_MESSAGES } from './auth-messages';
import { exchangeSignInCode, readExternalSignInCallback, withOAuthError } from './external-sign-in';
import { OAUTH_API_WORDS } from './page-messages';

/**
 * /oauth-callback: the server sends the browser here after the provider, with a one-time `code`
 * (exchanged for the session and its user, then on to `next` or the dashboard) or an `error` code. Errors are
 * shown on the login page, or on the profile for someone signed in (a failed connect), as the
 * code's fixed message. The address is cleared at once, so the code stays out of history. An
 * address with neither did not come from our server: this page says so itself.
 */
export function OAuthCallbackPage() {
  const { completeExternalSignIn, isAuthenticated } = useAuth();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Read once: the address is cleared right after, and the answer must not change with it.
  const [callback] = useState(() => readExternalSignInCallback(search));
  const [signedIn] = useState(isAuthenticated);
  // Strict mode runs effects twice; a one-time code is spent once.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const fail = (code: ExternalSignInErrorCode) => {
      const page = signedIn && code !== 'sign_in_required' ? ROUTES.profile : ROUTES.login;
      void navigate(withOAuthError(page.path, code), { replace: true });
    };
    if (callback.kind === 'error') {
      fail(callback.code);
      return;
    }
    if (search) void navigate(pathname, { replace: true });
    if (callback.kind === 'invalid') return;
    void (async () => {
      const exchanged = await exchangeSignInCode(callback.code);
      if (!exchanged.ok) {
        fail(exchanged.code);
        return;
      }
      const result = await completeExternalSignIn(exchanged.answer);
      if (!result.success) {
        void navigate(withOAuthError(ROUTES.login.path, 'sign_in_failed'), { replace: true });
        return;
      }
      // As after a login: the server's own "logged in" needs no notice, a missing profile does.
      if (result.message === i18n._(AUTH_STATE_MESSAGES.profileNotLoaded)) {
        notify({ tone: 'warning', message: result.message });
      }
      void navigate(callback.next ?? AFTER_SIGN_IN_PATH, { replace: true });
    })();
  }, [callback, signedIn, completeExternalSignIn, navigate, pathname, search, i18n]);

  if (callback.kind !== 'invalid') return <CenteredLoader label={t`Signing you in`} />;
  return (
    <AuthCard title={t`Sign-in did not complete`}>
      <Stack gap="md" align="flex-start">
        <FormErrorAlert w="100%">{i18n._(OAUTH_API_WORDS.exchangeCodeInvalid)}</FormErrorAlert>
        <Button component={Link} to={ROUTES.login.path} size="md">
          {t`Back to Login`}
        </Button>
      </Stack>
    </AuthCard>
  );
}
