import {
  OAUTH_PROVIDER_NAMES,
  OIDC_DEFAULT_NAME,
  isOAuthProviderId,
  type OAuthProviderId,
} from '@focusroom/core';
import type { OAuthConnection } from '@focusroom/core/schemas';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { FormErrorAlert } from '../../components/form-error-alert';
import { ProviderIcon } from '../../components/provider-icon';
import { SectionCard } from '../../components/section-card';
import { currentLocale, formatDate } from '../../i18n/format';
import { isApiError, serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import {
  goToProvider,
  startExternalSignIn,
  startFailureMessage,
  useOAuthErrorFromAddress,
  useSignInProviders,
} from '../../lib/oauth-api';
import { CONNECTIONS_QUERY_KEY, connectionsApi } from './connections-api';
import { SET_PASSWORD_HEADING_ID } from './set-password-section';

/** The query parameter the server sets after a successful connect. */
const CONNECTED_PARAM = 'connected';

const DISCONNECT_FAILED = msg`The account could not be disconnected. Please try again.`;

/** Core's OIDC_DEFAULT_NAME: the generic issuer's name when the server names it no other way. */
const OIDC_DEFAULT = msg`Single sign-on`;

interface Row {
  provider: OAuthProviderId;
  name: string;
  connection: OAuthConnection | undefined;
}

function fallbackName(provider: OAuthProviderId, i18n: I18n): string {
  return provider === 'oidc' ? i18n._(OIDC_DEFAULT) : OAUTH_PROVIDER_NAMES[provider];
}

function formatDay(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return formatDate(currentLocale(), date, 'medium');
}

/**
 * "Connected accounts" on /profile (product §2, §7): each provider the server offers, connected
 * (with its email, and Disconnect after a confirmation) or not (Connect leaves for the provider
 * and comes back as `?connected=<provider>`, a notice, then the parameter goes). A connection to
 * a provider no longer offered still shows, so it can be removed. Nothing is shown when there is
 * neither: the page promises no sign-in option the server does not have.
 */
export function ConnectedAccountsSection() {
  const providerList = useSignInProviders();
  const providers = providerList.data ?? [];
  const connections = useQuery({ queryKey: CONNECTIONS_QUERY_KEY, queryFn: connectionsApi.list });
  const queryClient = useQueryClient();
  const { t, i18n } = useLingui();
  const linkError = useOAuthErrorFromAddress();
  const [startError, setStartError] = useState<string | null>(null);
  const [pending, setPending] = useState<OAuthProviderId | null>(null);
  const [confirming, setConfirming] = useState<Row | null>(null);
  const [disconnectError, setDisconnectError] = useState<{
    message: string;
    lastWay: boolean;
  } | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  // The 409's "Set a password" link was followed: once the dialog is gone, go to that section.
  const [toSetPassword, setToSetPassword] = useState(false);

  const rows: Row[] = providers.map((provider) => ({
    provider: provider.id,
    // The server's default name for an issuer it knows no name for is words, not a name.
    name:
      provider.id === 'oidc' && provider.name === OIDC_DEFAULT_NAME
        ? i18n._(OIDC_DEFAULT)
        : provider.name,
    connection: connections.data?.find((item) => item.provider === provider.id),
  }));
  for (const connection of connections.data ?? []) {
    if (!rows.some((row) => row.provider === connection.provider)) {
      rows.push({
        provider: connection.provider,
        name: fallbackName(connection.provider, i18n),
        connection,
      });
    }
  }

  useConnectedNotice(rows, !providerList.isPending);
  const confirmingName = confirming?.name ?? null;

  if (rows.length === 0) return null;

  const connect = async (provider: OAuthProviderId) => {
    setPending(provider);
    setStartError(null);
    try {
      goToProvider(await startExternalSignIn(provider, 'link'));
    } catch (failure) {
      setPending(null);
      setStartError(startFailureMessage(failure));
    }
  };

  const closeConfirm = () => {
    if (disconnecting) return;
    setConfirming(null);
    setDisconnectError(null);
  };

  const disconnect = async (row: Row) => {
    setDisconnecting(true);
    setDisconnectError(null);
    try {
      await connectionsApi.remove(row.provider);
    } catch (failure) {
      setDisconnecting(false);
      setDisconnectError({
        message: serverMessage(failure, i18n._(DISCONNECT_FAILED)),
        lastWay: isApiError(failure) && failure.status === 409,
      });
      return;
    }
    setDisconnecting(false);
    setConfirming(null);
    await queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY });
    const { name } = row;
    notify({ tone: 'success', message: t`${name} is no longer connected.` });
  };

  return (
    <SectionCard roomy labelledBy="connected-accounts">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} id="connected-accounts">
            {t`Connected accounts`}
          </Title>
          <Text size="sm" c="dimmed" maw={620}>
            {t`Accounts elsewhere that can sign you in to Focusroom.`}
          </Text>
        </Stack>
        <FormErrorAlert>{linkError ?? startError}</FormErrorAlert>
        {connections.isError ? (
          <FormErrorAlert>{t`Your connected accounts could not be loaded.`}</FormErrorAlert>
        ) : null}
        <Stack gap="sm" component="ul" className="fr-connections">
          {rows.map((row) => {
            const { name } = row;
            const since = row.connection ? formatDay(row.connection.connected_at) : null;
            return (
              <Group key={row.provider} component="li" justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <ProviderIcon provider={row.provider} size={24} />
                  <Stack gap={0} miw={0}>
                    <Text fw={600}>{row.name}</Text>
                    <Text size="sm" c="dimmed" className="fr-connection-detail">
                      {row.connection
                        ? [row.connection.email, since ? t`connected ${since}` : null]
                            .filter(Boolean)
                            .join(' · ') || t`Connected`
                        : t`Not connected`}
                    </Text>
                  </Stack>
                </Group>
                {row.connection ? (
                  <Button
                    variant="default"
                    onClick={() => {
                      setToSetPassword(false);
                      setConfirming(row);
                    }}
                    aria-label={t`Disconnect ${name}`}
                  >
                    {t`Disconnect`}
                  </Button>
                ) : (
                  <Button
                    variant="light"
                    loading={pending === row.provider}
                    disabled={
                      connections.isPending || (pending !== null && pending !== row.provider)
                    }
                    onClick={() => void connect(row.provider)}
                    aria-label={t`Connect ${name}`}
                  >
                    {t`Connect`}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={closeConfirm}
        returnFocus={!toSetPassword}
        onExitTransitionEnd={() => {
          // Kept true until the dialog opens again: Mantine returns focus after this call.
          if (!toSetPassword) return;
          const heading = document.getElementById(SET_PASSWORD_HEADING_ID);
          heading?.focus({ preventScroll: true });
          heading?.scrollIntoView({ block: 'center' });
        }}
        title={confirmingName === null ? '' : t`Disconnect ${confirmingName}?`}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {confirming ? (
          <Stack gap="md">
            <Text size="sm">
              {t`You will no longer be able to sign in with ${confirmingName}. You can connect it again later.`}
            </Text>
            {disconnectError ? (
              <FormErrorAlert>
                <Stack gap={6}>
                  <span>{disconnectError.message}</span>
                  {disconnectError.lastWay ? (
                    <Anchor
                      component={Link}
                      to={`${ROUTES.profile.path}#${SET_PASSWORD_HEADING_ID}`}
                      onClick={() => {
                        setToSetPassword(true);
                        closeConfirm();
                      }}
                      fw={600}
                      size="sm"
                    >
                      {t`Set a password`}
                    </Anchor>
                  ) : null}
                </Stack>
              </FormErrorAlert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeConfirm} disabled={disconnecting}>
                {t`Cancel`}
              </Button>
              <Button
                color="red"
                loading={disconnecting}
                onClick={() => void disconnect(confirming)}
              >
                {t`Disconnect`}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </SectionCard>
  );
}

/**
 * `/profile?connected=<provider>`: the server's word that a connect worked. Said once, with the
 * provider's own name (never text from the address) once the provider list is in, then the
 * parameter leaves the address.
 */
function useConnectedNotice(rows: Row[], ready: boolean) {
  const [params, setParams] = useSearchParams();
  const { t, i18n } = useLingui();
  const connected = params.get(CONNECTED_PARAM);
  const said = useRef(false);
  const name = isOAuthProviderId(connected)
    ? (rows.find((row) => row.provider === connected)?.name ?? fallbackName(connected, i18n))
    : null;
  useEffect(() => {
    if (connected === null || !ready || said.current) return;
    said.current = true;
    if (name) notify({ tone: 'success', message: t`${name} is now connected.` });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONNECTED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [connected, ready, name, setParams, t]);
}
