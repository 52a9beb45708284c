import '../../components/form-styles';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import './profile.css';
import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { CenteredLoader } from '../../components/centered-loader';
import { PageShell } from '../../components/page-shell';
import { useAuth } from '../../lib/auth-context';
import { ChangePasswordForm } from './change-password-form';
import { ConnectedAccountsSection } from './connected-accounts-section';
import { DeleteAccountSection } from './delete-account-section';
import { ExportDataSection } from './export-data-section';
import { LanguageSection } from './language-section';
import { ProfileDetailsForm } from './profile-details-form';
import { SetPasswordSection } from './set-password-section';

/**
 * /profile: details and avatar, password (changed, or set by a mailed link when an account made
 * through a provider has none), the language, connected accounts, a download of all the account's data
 * (decision 034), account deletion.
 */
export function ProfilePage() {
  const { user } = useAuth();
  const { t } = useLingui();
  return (
    <PageShell
      title={t`Profile`}
      description={t`How you appear in Focusroom, and your account.`}
      size="md"
    >
      {user ? (
        <Stack gap="xl">
          <ProfileDetailsForm key={user.id} user={user} />
          {user.has_password === false ? (
            <SetPasswordSection email={user.email} />
          ) : (
            <ChangePasswordForm />
          )}
          <LanguageSection />
          <ConnectedAccountsSection />
          <ExportDataSection />
          <DeleteAccountSection hasPassword={user.has_password !== false} />
        </Stack>
      ) : (
        <CenteredLoader />
      )}
    </PageShell>
  );
}
