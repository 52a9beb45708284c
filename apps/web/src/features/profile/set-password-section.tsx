import { AUTH_MESSAGES, RESET_TOKEN_TTL_MS } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { AUTH_ANSWERS, PROFILE_PAGE_MESSAGES } from './page-messages';
import { Alert, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { isApiError, serverMessage } from '../../lib/api-client';
import { linkLifetime } from '../../lib/link-lifetime';
import { requestPasswordReset } from '../../lib/password-reset-api';
import { coreTextInReaderLanguage, part, withParts } from '../../i18n';
import { ProfileFormSection } from './profile-form-section';

/** The section heading's id: the target of links to "Set a password" on /profile. */
export const SET_PASSWORD_HEADING_ID = 'set-password';

export interface SetPasswordSectionProps {
  /** The account's address: the link goes there. */
  email: string;
}

/**
 * "Set a password" on /profile, in place of "Change password", for an account made through an
 * external provider that has no password yet (`has_password` false, docs/decisions/026): there is
 * no current password to ask for, so it mails the password-reset link (the forgot-password
 * request, sent once) to the account's address and shows the server's answer.
 */
export function SetPasswordSection({ email }: SetPasswordSectionProps) {
  const { t, i18n } = useLingui();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await requestPasswordReset(email);
      setSent(answer?.message ?? AUTH_MESSAGES.forgotSent);
    } catch (caught) {
      setSent(null);
      setError(
        serverMessage(
          caught,
          isApiError(caught) && caught.isNetworkError
            ? i18n._(PROFILE_PAGE_MESSAGES.networkFailed)
            : i18n._(PROFILE_PAGE_MESSAGES.setPasswordLinkFailed),
        ),
      );
    } finally {
      setSending(false);
    }
  };

  const address = part('address');
  const lifetime = i18n._(linkLifetime(RESET_TOKEN_TTL_MS));
  return (
    <ProfileFormSection
      headingId={SET_PASSWORD_HEADING_ID}
      title={t`Set a password`}
      description={t`You signed up through another service, so your account has no password yet.`}
      onSubmit={(event) => void send(event)}
      submitLabel={sent === null ? t`Email me a link` : t`Send another link`}
      submitting={sending}
    >
      <Text size="sm">
        {withParts(
          t`We will email a link to ${address}. Open it to choose a password; the link works once and expires after ${lifetime}. Then you can also sign in with your email or username and that password. Setting it signs you out on every device, so sign in again afterwards.`,
          { address: <strong>{email}</strong> },
        )}
      </Text>
      {sent !== null ? (
        <Alert
          role="status"
          color="green"
          variant="light"
          icon={<IconMailCheck size={20} aria-hidden />}
        >
          {coreTextInReaderLanguage(sent, AUTH_MESSAGES, AUTH_ANSWERS)}
        </Alert>
      ) : null}
      <FormErrorAlert>{error}</FormErrorAlert>
    </ProfileFormSection>
  );
}
