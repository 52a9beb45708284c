import '../../components/form-styles';
import type { OAuthProviderId } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { ProviderIcon } from '../../components/provider-icon';
import {
  goToProvider,
  startExternalSignIn,
  startFailureMessage,
  useSignInProviders,
} from '../../lib/oauth-api';

export interface ExternalSignInButtonsProps {
  /** Where to land after signing in (already checked by the page); the server keeps it. */
  next?: string | null;
}

/**
 * "Continue with ..." for every provider the server lists (GET /api/auth/providers), under the
 * password form of /login and /register. Nothing at all when none is configured or the list
 * cannot be read: the page then promises no other way in.
 */
export function ExternalSignInButtons({ next = null }: ExternalSignInButtonsProps) {
  const providers = useSignInProviders().data ?? [];
  const { t } = useLingui();
  const [pending, setPending] = useState<OAuthProviderId | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (providers.length === 0) return null;

  const start = async (provider: OAuthProviderId) => {
    setPending(provider);
    setError(null);
    try {
      goToProvider(await startExternalSignIn(provider, 'signin', next));
      // The page is leaving; the spinner stays until it has.
    } catch (failure) {
      setPending(null);
      setError(startFailureMessage(failure));
    }
  };

  return (
    <Stack gap="sm">
      <Divider label={t`or`} labelPosition="center" />
      <FormErrorAlert>{error}</FormErrorAlert>
      {providers.map(({ id, name }) => (
        <Button
          key={id}
          variant="default"
          size="md"
          fullWidth
          leftSection={<ProviderIcon provider={id} />}
          // A long provider name wraps instead of being cut off on a phone.
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          loading={pending === id}
          disabled={pending !== null && pending !== id}
          onClick={() => void start(id)}
        >
          {t`Continue with ${name}`}
        </Button>
      ))}
    </Stack>
  );
}
