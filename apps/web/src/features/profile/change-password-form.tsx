import { useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { CurrentPasswordInput } from '../../components/account-inputs';
import {
  NewPasswordFields,
  confirmationRule,
  newPasswordRule,
} from '../../components/new-password-fields';
import { useAuth } from '../../lib/auth-context';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { ProfileFormSection } from './profile-form-section';

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
  const { t } = useLingui();
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : t`Please enter your current password`),
      newPassword: newPasswordRule(),
      confirmPassword: confirmationRule('newPassword'),
    },
  });

  const handleSubmit = async (values: PasswordValues) => {
    const result = await changePassword(values.currentPassword, values.newPassword);
    if (result.success) {
      form.reset();
      notify({ tone: 'success', message: result.message ?? t`Your password has been changed.` });
      return;
    }
    showServerFieldErrors(form, result.errors, SERVER_FIELDS);
    notify({ tone: 'error', title: t`Password not changed`, message: result.message ?? '' });
  };

  return (
    <ProfileFormSection
      headingId="change-password"
      title={t`Change password`}
      description={t`Other devices where you are signed in will be signed out.`}
      onSubmit={form.onSubmit(handleSubmit)}
      submitLabel={t`Change password`}
      submitting={form.submitting}
    >
      <CurrentPasswordInput
        label={t`Current password`}
        {...form.getInputProps('currentPassword')}
      />
      <NewPasswordFields
        label={t`New password`}
        password={form.getInputProps('newPassword')}
        confirmation={form.getInputProps('confirmPassword')}
      />
    </ProfileFormSection>
  );
}
