import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_CHANGE_MESSAGES } from '@focusroom/core';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { notify } from '../../lib/notify';
import { activateLocale } from '../../i18n';
import { ProfilePage } from './profile-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
import { makeUser } from '../../../test/fixtures';

const USER = makeUser({ bio: 'Analyst' });

/** Replaces the email in one paste: typing it key by key is slow on a busy machine. */
async function replaceEmail(user: ReturnType<typeof userEvent.setup>, value: string) {
  const email = screen.getByRole('textbox', { name: 'Email' });
  await user.clear(email);
  await user.click(email);
  await user.paste(value);
}

function renderProfile(overrides = {}) {
  const auth = stubAuth({ status: 'authenticated', user: USER, token: 't', ...overrides });
  renderWithProviders(<ProfilePage />, { route: '/profile', auth });
  return auth;
}

// Rendering the whole page and typing into it takes seconds on a busy two-core machine.
describe('the profile page', { timeout: 20_000 }, () => {
  beforeEach(() => vi.mocked(notify).mockClear());

  it('keeps the language chosen among the settings on the account, and speaks it at once', async () => {
    const user = userEvent.setup();
    const updateProfile = vi.fn(async () => ({ success: true, user: { ...USER, language: 'es' } }));
    renderProfile({ updateProfile });
    const section = screen.getByRole('region', { name: 'Language' });
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Language' }), 'es');
    await waitFor(() => expect(updateProfile).toHaveBeenCalledWith({ language: 'es' }));
    expect(document.documentElement.lang).toBe('es');
    await activateLocale('en');
  });

  it('fills the labelled fields from the user', () => {
    renderProfile();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveValue('Analyst');
  });

  it('previews the chosen avatar and saves it with the profile', async () => {
    const user = userEvent.setup();
    const updateProfile = vi.fn(async () => ({
      success: true,
      user: { ...USER, avatarUrl: 'icon:fire' },
    }));
    renderProfile({ updateProfile });

    await user.click(screen.getByRole('button', { name: 'Icon fire' }));
    expect(screen.getByRole('button', { name: 'Icon fire' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const preview = screen.getByRole('img', { name: 'Avatar of Ada Lovelace' });
    expect(preview).toHaveAttribute('data-avatar-icon', 'fire');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(updateProfile).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      bio: 'Analyst',
      avatarUrl: 'icon:fire',
    });
  });

  it('asks for the current password only while the email differs, and sends it', async () => {
    const user = userEvent.setup();
    const updateProfile = vi.fn(async () => ({
      success: true,
      user: { ...USER, pending_email: 'ada@new.example' },
    }));
    renderProfile({ updateProfile });
    const label = 'Current password for email change';
    expect(screen.queryByLabelText(label)).not.toBeInTheDocument();

    await replaceEmail(user, 'ADA@example.com');
    // Only the case differs: the server keeps the same address.
    expect(screen.queryByLabelText(label)).not.toBeInTheDocument();

    await replaceEmail(user, 'ada@new.example');
    await user.click(screen.getByLabelText(label));
    await user.paste('secret-password');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(updateProfile).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@new.example',
      bio: 'Analyst',
      avatarUrl: null,
      currentPassword: 'secret-password',
    });
  });

  it('after asking for a new email, shows the address that still signs in and says where the link went', async () => {
    const user = userEvent.setup();
    const updateProfile = vi.fn(async () => ({
      success: true,
      user: { ...USER, pending_email: 'ada@new.example' },
    }));
    renderProfile({ updateProfile });
    await replaceEmail(user, 'ada@new.example');
    await user.click(screen.getByLabelText('Current password for email change'));
    await user.paste('secret-password');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'We sent a link to ada@new.example. Open it to make it your sign-in address.',
        }),
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(screen.queryByLabelText('Current password for email change')).not.toBeInTheDocument();
  });

  it('shows a change waiting for its link, and mails it again or cancels it', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users/me/connections') return jsonResponse([]);
      return init?.method === 'DELETE'
        ? jsonResponse({ ...USER, pending_email: null })
        : jsonResponse({ success: true, message: EMAIL_CHANGE_MESSAGES.resent });
    });
    vi.stubGlobal('fetch', fetchMock);
    const auth = renderProfile({ user: { ...USER, pending_email: 'ada@new.example' } });
    expect(
      screen.getByText(
        `We sent a confirmation link to ada@new.example. Until you open it, you keep signing in with ${USER.email}.`,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        tone: 'success',
        message: EMAIL_CHANGE_MESSAGES.resent,
      }),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/me/pending-email/resend',
      expect.objectContaining({ method: 'POST' }),
    );

    await user.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        tone: 'success',
        message: EMAIL_CHANGE_MESSAGES.cancelled,
      }),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/me/pending-email',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(auth.refreshUser).toHaveBeenCalled();
  });

  it('does not send a current password when the email stays', async () => {
    const user = userEvent.setup();
    const auth = renderProfile();
    await user.click(screen.getByRole('textbox', { name: 'Bio' }));
    await user.paste(' and poet');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(auth.updateProfile).toHaveBeenCalledOnce();
    expect(vi.mocked(auth.updateProfile).mock.calls[0]?.[0]).not.toHaveProperty('currentPassword');
  });

  it('requires the current password before changing the email', async () => {
    const user = userEvent.setup();
    const auth = renderProfile();
    await replaceEmail(user, 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Please enter your current password to change your email'),
    ).toBeInTheDocument();
    expect(auth.updateProfile).not.toHaveBeenCalled();
  });

  it("shows the server's current-password error on its field", async () => {
    const user = userEvent.setup();
    const updateProfile = vi.fn(async () => ({
      success: false,
      message: 'Validation failed',
      errors: { currentPassword: 'Current password is incorrect' },
    }));
    renderProfile({ updateProfile });
    await replaceEmail(user, 'ada@new.example');
    const password = screen.getByLabelText('Current password for email change');
    await user.click(password);
    await user.paste('wrong-password');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Current password is incorrect');
  });

  it('offers every colour, gradient and icon of the picker', () => {
    renderProfile();
    expect(screen.getByRole('group', { name: 'Colours' }).querySelectorAll('button')).toHaveLength(
      12,
    );
    expect(
      screen.getByRole('group', { name: 'Gradients' }).querySelectorAll('button'),
    ).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'Icons' }).querySelectorAll('button')).toHaveLength(
      12,
    );
    expect(screen.getByRole('button', { name: 'Colour #7c3aed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gradient #7c3aed to #2563eb' })).toBeInTheDocument();
  });

  it('refuses an image URL that is not https', async () => {
    const user = userEvent.setup();
    const auth = renderProfile();
    await user.type(screen.getByRole('textbox', { name: 'Image URL' }), 'http://example.com/a.png');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use an https:// link to an image')).toBeInTheDocument();
    expect(auth.updateProfile).not.toHaveBeenCalled();
  });

  it('checks that the new passwords match before changing the password', async () => {
    const user = userEvent.setup();
    const auth = renderProfile();
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(auth.changePassword).not.toHaveBeenCalled();
  });

  it('asks for the password in a dialog before deleting the account', async () => {
    const user = userEvent.setup();
    const deleteAccount = vi.fn(async () => ({ success: true, message: 'Account deleted' }));
    renderProfile({ deleteAccount });

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('Please enter your password to confirm'),
    ).toBeInTheDocument();
    expect(deleteAccount).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Password'), 'secret-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(deleteAccount).toHaveBeenCalledWith('secret-password');
  });
});
