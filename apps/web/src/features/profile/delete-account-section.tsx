import type { DeleteAccountBody } from '@focusroom/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { ACCOUNT_ANSWERS, PROFILE_CORE_MESSAGES, PROFILE_PAGE_MESSAGES } from './page-messages';
import { Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/paths';
import { FormErrorAlert } from '../../components/form-error-alert';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';

export interface DeleteAccountSectionProps {
  /**
   * False for an account without a password (`has_password`): deleting asks for the password,
   * so the section says to set one first and offers no dialog (docs/decisions/027).
   */
  hasPassword: boolean;
}

/** Delete account with a confirmation dialog that asks for the password (product §7 Accounts). */
export function DeleteAccountSection({ hasPassword }: DeleteAccountSectionProps) {
  const { deleteAccount } = useAuth();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const form = useForm<DeleteAccountBody>({ initialValues: { password: '' } });
  // The dialog's one message, above the field: a missing password or the server's refusal.
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setOpened(false);
    form.reset();
    setError(null);
  };

  const handleSubmit = async ({ password }: DeleteAccountBody) => {
    if (!password) {
      setError(t`Please enter your password to confirm`);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await deleteAccount(password);
    setBusy(false);
    if (!result.success) {
      setError(result.message ?? i18n._(PROFILE_CORE_MESSAGES.accountDeleteFailed));
      return;
    }
    setOpened(false);
    notify({
      tone: 'success',
      message: result.message ?? i18n._(ACCOUNT_ANSWERS.accountDeleted),
    });
    void navigate(ROUTES.home.path, { replace: true });
  };

  return (
    <SectionCard roomy className="fr-danger-zone">
      <Stack gap="sm" align="flex-start">
        <Title order={2}>{t`Delete account`}</Title>
        <Text size="sm" c="dimmed" maw={620}>
          {t`This permanently removes your account, focus sessions, settings, custom themes and playlists. It cannot be undone.`}
        </Text>
        {hasPassword ? null : (
          <Text size="sm" maw={620}>
            {i18n._(PROFILE_PAGE_MESSAGES.deleteNeedsPassword)}
          </Text>
        )}
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpened(true)}
          disabled={!hasPassword}
        >
          {t`Delete account`}
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title={t`Delete your account?`} centered radius="lg">
        <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
          <Stack gap="md">
            <Text size="sm">
              {t`Everything you saved in Focusroom will be deleted. Enter your password to confirm.`}
            </Text>
            <FormErrorAlert>{error}</FormErrorAlert>
            <PasswordInput
              visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
              label={t`Password`}
              autoComplete="current-password"
              {...form.getInputProps('password')}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                {t`Cancel`}
              </Button>
              <Button type="submit" color="red" loading={busy}>
                {t`Delete my account`}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SectionCard>
  );
}
