import { BIO_MAX_LENGTH, NAME_MAX_LENGTH, isValidAvatarValue } from '@focusroom/core';
import { EMAIL_CHANGE_PAGE_MESSAGES } from '../../lib/email-change-page-messages';
import { PROFILE_PAGE_MESSAGES } from './page-messages';
import type { User } from '@focusroom/core/schemas';
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
          ? 'Please enter your name'
          : value.trim().length > NAME_MAX_LENGTH
            ? `Name must be at most ${NAME_MAX_LENGTH} characters`
            : null,
      username: usernameRule(),
      email: emailRule(),
      bio: (value) =>
        value.length > BIO_MAX_LENGTH ? `Bio must be at most ${BIO_MAX_LENGTH} characters` : null,
      avatarUrl: (value) =>
        !value || isValidAvatarValue(value) ? null : 'Use an https:// link to an image',
      currentPassword: (value, values) =>
        emailChanged(values.email, user.email) && !value
          ? 'Please enter your current password to change your email'
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
      notify({ tone: 'error', title: 'Profile not saved', message: result.message ?? '' });
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
    notify({ tone: 'success', message: 'Your profile has been saved.' });
    // The new address waits for its link (decision 050): the field shows the address that still
    // signs in, the notice above it the one waiting.
    if (changesEmail && saved?.pending_email) {
      notify({
        tone: 'info',
        title: EMAIL_CHANGE_PAGE_MESSAGES.requestedTitle,
        message: EMAIL_CHANGE_PAGE_MESSAGES.requested(saved.pending_email),
        autoClose: 6000,
      });
    }
  };

  return (
    <ProfileFormSection
      headingId="profile-details"
      title="Profile details"
      onSubmit={form.onSubmit(handleSubmit)}
      submitLabel="Save changes"
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
            ? PROFILE_PAGE_MESSAGES.emailNeedsPassword
            : EMAIL_CHANGE_PAGE_MESSAGES.emailFieldHint
        }
        readOnly={user.has_password === false}
        {...form.getInputProps('email')}
      />
      {emailChanged(form.values.email, user.email) ? (
        <CurrentPasswordInput
          id="profile-current-password"
          label="Current password for email change"
          {...form.getInputProps('currentPassword')}
          // PasswordInput leaves these off its input; Mantine names the error `${id}-error`.
          aria-invalid={form.errors.currentPassword ? true : undefined}
          aria-describedby={
            form.errors.currentPassword ? 'profile-current-password-error' : undefined
          }
        />
      ) : null}
      <Textarea
        label="Bio"
        autosize
        minRows={3}
        maxRows={8}
        description={`${form.values.bio.length}/${BIO_MAX_LENGTH} characters`}
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
