import { EMAIL_CHANGE_MESSAGES, MESSAGES } from '@focusroom/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { ConfirmEmailChangePage } from './confirm-email-change-page';
import { ResendVerificationPage } from './resend-verification-page';
import { UndoEmailChangePage } from './undo-email-change-page';
import { VerifyEmailPage } from './verify-email-page';

function renderVerify(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
    </Routes>,
    { route },
  );
}

function renderResend(route = '/resend-verification') {
  return renderWithProviders(
    <Routes>
      <Route path="/resend-verification" element={<ResendVerificationPage />} />
    </Routes>,
    { route },
  );
}

describe('the email verification page', () => {
  it('verifies with the token from the address, showing a spinner, then success', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderVerify('/verify-email/tok123');

    expect(screen.getByRole('status', { name: 'Verifying your email' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/verify-email/tok123', expect.anything());
    answer(jsonResponse({ success: true, message: 'Email verified' }));

    expect(await screen.findByText(MESSAGES.verifySuccess)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the server message and the resend form on failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'This link has expired' }, 400)),
    );
    renderVerify('/verify-email/old');

    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('falls back to the standard message when the server gives none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 400 })),
    );
    renderVerify('/verify-email/bad');
    expect(await screen.findByText(MESSAGES.verifyFailed)).toBeInTheDocument();
  });

  it('asks for an address before resending, then reports a failure to resend', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ message: 'Invalid link' }, 400))
      .mockResolvedValueOnce(jsonResponse({ message: 'Too many requests' }, 429));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderVerify('/verify-email/bad');
    const button = await screen.findByRole('button', { name: 'Resend Verification Email' });

    await user.click(button);
    expect(await screen.findByText(MESSAGES.resendEmptyEmail)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(button);
    expect(await screen.findByText(MESSAGES.verifyResendFailed)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/auth/resend-verification',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'ada@example.com' }),
      }),
    );
  });

  it('says so when the address has no token', () => {
    renderVerify('/verify-email');
    expect(screen.getByText(MESSAGES.verifyNoToken)).toBeInTheDocument();
  });
});

describe('the resend verification page', () => {
  it('pre-fills the address from ?email=', () => {
    renderResend('/resend-verification?email=ada%40example.com');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });

  it('refuses an address that is not an email', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderResend();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(MESSAGES.resendInvalidEmail)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the message while the address is edited, until the next try', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderResend();
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(MESSAGES.resendInvalidEmail)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example');
    expect(screen.getByText(MESSAGES.resendInvalidEmail)).toBeInTheDocument();
  });

  it('reads Sending... while busy, then names the address with the inbox, spam and 24-hour notes', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const user = userEvent.setup();
    renderResend('/resend-verification?email=ada%40example.com');

    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(jsonResponse({ success: true, message: 'If the account exists, we sent a link' }));

    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent('ada@example.com');
    expect(message).toHaveTextContent(/inbox/);
    expect(message).toHaveTextContent(/spam/);
    expect(message).toHaveTextContent(/24 hours/);
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Resend Again' })).toBeInTheDocument();
  });

  it('returns to the login page with the page asked for that came with it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: 'sent' })),
    );
    const user = userEvent.setup();
    renderResend('/resend-verification?email=ada%40example.com&next=%2Fstats');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByRole('link', { name: 'Return to Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fstats',
    );
  });

  it('sends again from the success screen', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, message: 'sent' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderResend('/resend-verification?email=ada%40example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await user.click(await screen.findByRole('button', { name: 'Resend Again' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Resend Again' })).toBeInTheDocument();
  });

  it("shows the server's message, or the fallback, when sending fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(jsonResponse({ message: 'Too many requests, try later' }, 429))
        .mockResolvedValueOnce(new Response(null, { status: 500 })),
    );
    const user = userEvent.setup();
    renderResend('/resend-verification?email=ada%40example.com');
    const button = screen.getByRole('button', { name: 'Resend Verification Email' });
    await user.click(button);
    expect(await screen.findByText('Too many requests, try later')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(MESSAGES.resendFailed)).toBeInTheDocument();
  });

  it('says an error occurred when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderResend('/resend-verification?email=ada%40example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(MESSAGES.resendError)).toBeInTheDocument();
  });
});

function renderEmailChange(route: string, auth = stubAuth()) {
  return renderWithProviders(
    <Routes>
      <Route path="/confirm-email/:token" element={<ConfirmEmailChangePage />} />
      <Route path="/undo-email-change/:token" element={<UndoEmailChangePage />} />
    </Routes>,
    { route, auth },
  );
}

describe('the page of the link mailed to a new address', () => {
  it('confirms on load, once, and signed in refreshes the user shown', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ success: true, message: EMAIL_CHANGE_MESSAGES.confirmed }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const auth = stubAuth({ status: 'authenticated', user: makeUser(), token: 't' });
    renderEmailChange('/confirm-email/tok123', auth);
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.confirmed)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/email-change/confirm',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok123' }) }),
    );
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it("shows the server's reason when the address was taken meanwhile", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ message: EMAIL_CHANGE_MESSAGES.addressTakenMeanwhile }, 409),
      ),
    );
    renderEmailChange('/confirm-email/tok123');
    expect(
      await screen.findByText(EMAIL_CHANGE_MESSAGES.addressTakenMeanwhile),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});

describe('the page of the undo link mailed to the old address', () => {
  it('asks before undoing, then advises a new password and ends the session here', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ success: true, message: EMAIL_CHANGE_MESSAGES.undone }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const auth = stubAuth({ status: 'authenticated', user: makeUser(), token: 't' });
    const user = userEvent.setup();
    renderEmailChange('/undo-email-change/tok9', auth);
    expect(
      screen.getByText(
        'Someone asked to change the email address of your Focusroom account, and we told this address. Undoing the change keeps this address (or gives it back) as the one you sign in with, and signs out every device, this one too.',
      ),
    ).toBeInTheDocument();
    // Opening the link changes nothing by itself (a mail scanner may open it).
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.undone)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/email-change/undo',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok9' }) }),
    );
    expect(
      screen.getByText(
        'If you did not ask for the change, choose a new password now: whoever made it knew your password.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());
  });

  it("shows the server's message for a used or expired link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: EMAIL_CHANGE_MESSAGES.undoLinkInvalid }, 400)),
    );
    const user = userEvent.setup();
    renderEmailChange('/undo-email-change/used');
    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.undoLinkInvalid)).toBeInTheDocument();
  });
});
