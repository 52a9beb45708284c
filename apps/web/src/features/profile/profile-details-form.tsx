import { BIO_MAX_LENGTH, NAME_MAX_LENGTH, isValidAvatarValue } from '@focusroom/core';
import { PROFILE_PAGE_MESSAGES } from './page-messages';
import type { User } from '@focusroom/core/schemas';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CurrentPasswordInput,
  EmailInput,
  NameInput,
  UsernameInput,
} from '../../components/account-inputs';
import { useAuth, type ProfileUpdate } from '../../lib/auth-context';
import { showServerFieldErrors } from '../../lib/form-errors';
import { emailRule, usernameRule } from '../../lib/form-rules';
import { notify } from '../../lib/notify';
import { AvatarPicker } from './avatar-picker';
import { PendingEmailNotice } from './pending-email-notice';
import { ProfileFormSection } from './profile-form-section';

interface ProfileValues {
  name: string;
  username: string;
  email: string;
  bio: string;
  avatarUrl: string;
  /** Asked for only while the email differs from the saved one. */
  currentPassword: string;
}

const FIELDS = ['name', 'username', 'email', 'bio', 'avatarUrl', 'currentPassword'] as const;

/** Emails are trimmed and lower-cased by the server (product §3), so compare them that way. */
function emailChanged(typed: string, saved: string): boolean {
  return typed.trim().toLowerCase() !== saved.trim().toLowerCase();
}

/** Name, username, email, bio and avatar; PUT /users/me returns the saved user. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { updateProfile } = useAuth();
  const { t, i18n } = useLingui();
  const nameMax = NAME_MAX_LENGTH;
  const bioMax = BIO_MAX_LENGTH;
  const form = useForm<ProfileValues>({
    initialValues: {
      name: user.name ?? '',
      username: user.username ?? '',
      email: user.email ?? '',
      bio: user.bio ?? '',
      avatarUrl: user.avatarUrl ?? '',
      currentPassword: '',
    },
    validate: {
      name: (value) =>
        !value.trim()
          ? t`Please enter your name`
          : value.trim().length > nameMax
            ? t`${plural(nameMax, {
                one: 'Name must be at most # character',
                other: 'Name must be at most # characters',
              })}`
            : null,
      username: usernameRule(),
      email: emailRule(),
      bio: (value) =>
        value.length > bioMax
          ? t`${plural(bioMax, {
              one: 'Bio must be at most # character',
              other: 'Bio must be at most # characters',
            })}`
          : null,
      avatarUrl: (value) =>
        !value || isValidAvatarValue(value) ? null : t`Use an https:// link to an image`,
      currentPassword: (value, values) =>
        emailChanged(values.email, user.email) && !value
          ? t`Please enter your current password to change your email`
          : null,
    },
  });

  const handleSubmit = async (values: ProfileValues) => {
    const email = values.email.trim();
    const changesEmail = emailChanged(email, user.email);
    const update: ProfileUpdate = {
      name: values.name.trim(),
      username: values.username.trim(),
      email,
      bio: values.bio,
      avatarUrl: values.avatarUrl || null,
    };
    // The server asks for the password before it moves the account to another address.
    if (changesEmail) update.currentPassword = values.currentPassword;
    const result = await updateProfile(update);
    if (!result.success) {
      showServerFieldErrors(form, result.errors, FIELDS);
      notify({ tone: 'error', title: t`Profile not saved`, message: result.message ?? '' });
      return;
    }
    const saved = result.user;
    const stored: ProfileValues = {
      name: saved?.name ?? values.name,
      username: saved?.username ?? values.username,
      // A new address waits for its link: the field goes back to the one that signs in.
      email: saved?.email ?? email,
      bio: saved?.bio ?? values.bio,
      avatarUrl: saved?.avatarUrl ?? values.avatarUrl,
      currentPassword: '',
    };
    form.setValues(stored);
    form.resetDirty(stored);
    notify({ tone: 'success', message: t`Your profile has been saved.` });
    // The new address waits for its link (decision 050): the field shows the address that still
    // signs in, the notice above it the one waiting.
    const pending = saved?.pending_email;
    if (changesEmail && pending) {
      notify({
        tone: 'info',
        title: t`Confirm your new email address`,
        message: t`We sent a link to ${pending}. Open it to make it your sign-in address.`,
        autoClose: 6000,
      });
    }
  };

  const typed = form.values.bio.length;
  return (
    <ProfileFormSection
      headingId="profile-details"
      title={t`Profile details`}
      onSubmit={form.onSubmit(handleSubmit)}
      submitLabel={t`Save changes`}
      submitting={form.submitting}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameInput {...form.getInputProps('name')} />
        <UsernameInput {...form.getInputProps('username')} />
      </SimpleGrid>
      {user.pending_email ? (
        <PendingEmailNotice pending={user.pending_email} current={user.email} />
      ) : null}
      {/* A change asks for the current password; an account without one sets it first (decision 027). */}
      <EmailInput
        description={
          user.has_password === false
            ? i18n._(PROFILE_PAGE_MESSAGES.emailNeedsPassword)
            : t`Changing it sends a confirmation link to the new address. Until you open it, you keep signing in with this one.`
        }
        readOnly={user.has_password === false}
        {...form.getInputProps('email')}
      />
      {emailChanged(form.values.email, user.email) ? (
        <CurrentPasswordInput
          id="profile-current-password"
          label={t`Current password for email change`}
          {...form.getInputProps('currentPassword')}
          // PasswordInput leaves these off its input; Mantine names the error `${id}-error`.
          aria-invalid={form.errors.currentPassword ? true : undefined}
          aria-describedby={
            form.errors.currentPassword ? 'profile-current-password-error' : undefined
          }
        />
      ) : null}
      <Textarea
        label={t`Bio`}
        autosize
        minRows={3}
        maxRows={8}
        description={t`${plural(bioMax, {
          one: `${typed}/# character`,
          other: `${typed}/# characters`,
        })}`}
        {...form.getInputProps('bio')}
      />
      <AvatarPicker
        value={form.values.avatarUrl}
        onChange={(value) => form.setFieldValue('avatarUrl', value)}
        name={form.values.name}
        username={form.values.username}
        error={form.errors.avatarUrl}
      />
    </ProfileFormSection>
  );
}
