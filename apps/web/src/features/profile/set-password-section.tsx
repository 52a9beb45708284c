import { AUTH_MESSAGES, RESET_TOKEN_TTL_MS, linkLifetimeInWords } from '@focusroom/core';
import { PROFILE_PAGE_MESSAGES } from './page-messages';
import { Alert, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { isApiError, serverMessage } from '../../lib/api-client';
import { requestPasswordReset } from '../../lib/password-reset-api';
import { ProfileFormSection } from './profile-form-section';

const LINK_LIFETIME = linkLifetimeInWords(RESET_TOKEN_TTL_MS);

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
            ? PROFILE_PAGE_MESSAGES.networkFailed
            : PROFILE_PAGE_MESSAGES.setPasswordLinkFailed,
        ),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <ProfileFormSection
      headingId={SET_PASSWORD_HEADING_ID}
      title="Set a password"
      description="You signed up through another service, so your account has no password yet."
      onSubmit={(event) => void send(event)}
      submitLabel={sent === null ? 'Email me a link' : 'Send another link'}
      submitting={sending}
    >
      <Text size="sm">
        We will email a link to <strong>{email}</strong>. Open it to choose a password; the link
        works once and expires after {LINK_LIFETIME}. Then you can also sign in with your email or
        username and that password. Setting it signs you out on every device, so sign in again
        afterwards.
      </Text>
      {sent !== null ? (
        <Alert
          role="status"
          color="green"
          variant="light"
          icon={<IconMailCheck size={20} aria-hidden />}
        >
          {sent}
        </Alert>
      ) : null}
      <FormErrorAlert>{error}</FormErrorAlert>
    </ProfileFormSection>
  );
}
