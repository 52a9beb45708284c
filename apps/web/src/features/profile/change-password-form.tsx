import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  NewPasswordFields,
  confirmationRule,
  newPasswordRule,
} from '../../components/new-password-fields';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth-context';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';

/** The fields the server may name in its answer (the confirmation never leaves the page). */
const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /users/password; a wrong current password is a 400 (product §7), shown on its field. */
export function ChangePasswordForm() {
  const { changePassword } = useAuth();
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Please enter your current password'),
      newPassword: newPasswordRule(),
      confirmPassword: confirmationRule('newPassword'),
    },
  });

  const handleSubmit = async (values: PasswordValues) => {
    const result = await changePassword(values.currentPassword, values.newPassword);
    if (result.success) {
      form.reset();
      notify({ tone: 'success', message: result.message ?? 'Your password has been changed.' });
      return;
    }
    showServerFieldErrors(form, result.errors, SERVER_FIELDS);
    notify({ tone: 'error', title: 'Password not changed', message: result.message ?? '' });
  };

  return (
    <SectionCard roomy>
      <form noValidate onSubmit={form.onSubmit(handleSubmit)} aria-labelledby="change-password">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} id="change-password">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              Other devices where you are signed in will be signed out.
            </Text>
          </Stack>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            label="New password"
            password={form.getInputProps('newPassword')}
            confirmation={form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
