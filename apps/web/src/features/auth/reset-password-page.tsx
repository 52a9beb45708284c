import '../../components/form-styles';
import { RESET_TOKEN_TTL_MS } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { AuthCard, AuthCardForm } from '../../components/auth-card';
import { ConfirmationPanel } from '../../components/confirmation-panel';
import { FormErrorAlert } from '../../components/form-error-alert';
import {
  NewPasswordFields,
  confirmationRule,
  newPasswordRule,
} from '../../components/new-password-fields';
import { CenteredLoader } from '../../components/centered-loader';
import { isApiError, serverMessage } from '../../lib/api-client';
import { linkLifetime } from '../../lib/link-lifetime';
import { resetPassword, verifyResetToken } from './password-api';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

function InvalidLink({ message }: { message?: string | undefined }) {
  const { t, i18n } = useLingui();
  const lifetime = i18n._(linkLifetime(RESET_TOKEN_TTL_MS));
  return (
    <AuthCard title={t`This reset link does not work`}>
      <Stack gap="md" align="flex-start">
        <FormErrorAlert w="100%">
          {message ??
            t`The link is invalid, was already used, or has expired. Reset links work once and expire after ${lifetime}.`}
        </FormErrorAlert>
        <Button component={Link} to={ROUTES.forgotPassword.path} size="md">
          {t`Request a new link`}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/**
 * The check itself failed (no answer, a timeout, a 5xx, a rate limit): the link may be fine, so
 * the user can try again instead of being told to throw it away.
 */
function CheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Reset your password`}>
      <Stack gap="md" align="flex-start">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          w="100%"
        >
          {t`We could not check this link right now.`}
        </Alert>
        <Text size="sm" c="dimmed">
          {t`The link itself may still work. Check your connection, then try again.`}
        </Text>
        <Button
          size="md"
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          {t`Try again`}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** Only the server's 400 says the link itself is unusable (product §7). */
function isInvalidLinkAnswer(error: unknown): boolean {
  return isApiError(error) && error.status === 400;
}

/** /reset-password/{token}: checks the link first, then sets a new password (product §7). */
export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { t } = useLingui();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['verify-reset-token', token],
    queryFn: () => verifyResetToken(token),
    enabled: token !== '',
    staleTime: Infinity,
  });
  const form = useForm<ResetValues>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: {
      newPassword: newPasswordRule(t`Please choose a new password`),
      confirmPassword: confirmationRule('newPassword'),
    },
  });

  if (!token) return <InvalidLink />;
  if (check.isPending) return <CenteredLoader label={t`Checking your reset link`} />;
  if (check.isError && !isInvalidLinkAnswer(check.error)) {
    return <CheckFailed onRetry={() => void check.refetch()} retrying={check.isFetching} />;
  }
  if (check.isError || check.data?.valid === false) return <InvalidLink />;

  if (done) {
    return (
      <ConfirmationPanel
        title={t`Password changed`}
        icon={<IconCircleCheck size={28} aria-hidden />}
        actions={
          <Button component={Link} to={ROUTES.login.path} size="md">
            {t`Go to Login`}
          </Button>
        }
      >
        {t`Your password has been reset. For your safety we signed you out everywhere; log in with your new password.`}
      </ConfirmationPanel>
    );
  }

  const handleSubmit = async (values: ResetValues) => {
    setError(null);
    try {
      await resetPassword(token, values.newPassword);
      setDone(true);
    } catch (caught) {
      setError(serverMessage(caught, t`Your password could not be reset. Please try again.`));
    }
  };

  return (
    <AuthCard
      title={t`Choose a new password`}
      subtitle={t`Pick something you do not use elsewhere.`}
    >
      {error ? (
        <FormErrorAlert>
          <Stack gap={6}>
            <span>{error}</span>
            <Anchor component={Link} to={ROUTES.forgotPassword.path} size="sm" fw={600}>
              {t`Request a new link`}
            </Anchor>
          </Stack>
        </FormErrorAlert>
      ) : null}
      <AuthCardForm form={form} onSubmit={handleSubmit} submitLabel={t`Reset password`}>
        <NewPasswordFields
          label={t`New password`}
          password={form.getInputProps('newPassword')}
          confirmation={form.getInputProps('confirmPassword')}
        />
      </AuthCardForm>
    </AuthCard>
  );
}
