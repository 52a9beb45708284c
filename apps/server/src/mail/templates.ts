import {
  EMAIL_CHANGE_TOKEN_TTL_MS,
  EMAIL_UNDO_TOKEN_TTL_MS,
  NAME_MAX_LENGTH,
  PRODUCT_NAME,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
  linkLifetimeInWords,
} from '@focusroom/core';

/** Verification, reset, and an email change's confirmation (new address) and notice (old). */
export type MailKind = 'verify' | 'reset' | 'email-change' | 'email-change-notice';

export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail carries (verification, reset, confirmation or undo). */
  link: string;
}

const PURPLE = '#7c3aed';
const DARK = '#1a1625';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Names go into a header-like greeting line; keep them on one line and within the name limit. */
function plainName(name: string): string {
  return name
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, NAME_MAX_LENGTH);
}

function layout(opts: {
  title: string;
  greeting: string;
  body: string;
  action: string;
  link: string;
  footer: string;
}): string {
  const link = escapeHtml(opts.link);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:0;background:${DARK};font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#ece8f5">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${DARK};padding:32px 0">
<tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#241e33;border-radius:12px;overflow:hidden">
<tr><td style="background:${PURPLE};padding:20px 32px;font-size:22px;font-weight:700;color:#ffffff">${PRODUCT_NAME}</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(opts.greeting)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(opts.body)}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:${PURPLE};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:600">${escapeHtml(opts.action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#b9b1cc">If the button does not work, open this link:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${link}" style="color:#c4b5fd">${link}</a></p>
<p style="margin:0;font-size:13px;color:#b9b1cc">${escapeHtml(opts.footer)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function verificationMail(to: string, name: string, link: string): MailMessage {
  const greeting = `Hi ${plainName(name) || 'there'},`;
  const body = `Welcome to ${PRODUCT_NAME}! Confirm your email address to finish setting up your account.`;
  const footer = `The link expires after ${linkLifetimeInWords(VERIFICATION_TOKEN_TTL_MS)}. If you did not create this account, ignore this email.`;
  return {
    kind: 'verify',
    to,
    link,
    subject: `Verify your ${PRODUCT_NAME} email address`,
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footer}\n\n${PRODUCT_NAME}\n`,
    html: layout({
      title: 'Verify your email',
      greeting,
      body,
      action: 'Verify email',
      link,
      footer,
    }),
  };
}

export function resetMail(to: string, name: string, link: string): MailMessage {
  const greeting = `Hi ${plainName(name) || 'there'},`;
  const body = `Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new password with the link below.`;
  const footer = `The link expires after ${linkLifetimeInWords(RESET_TOKEN_TTL_MS)} and works once. If you did not ask for this, ignore this email; your password stays the same.`;
  return {
    kind: 'reset',
    to,
    link,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footer}\n\n${PRODUCT_NAME}\n`,
    html: layout({
      title: 'Reset your password',
      greeting,
      body,
      action: 'Reset password',
      link,
      footer,
    }),
  };
}

/** To the new address: the link that makes it the account's sign-in address (decision 050). */
export function emailChangeConfirmMail(
  to: string,
  name: string,
  currentEmail: string,
  link: string,
): MailMessage {
  const greeting = `Hi ${plainName(name) || 'there'},`;
  const body = `You asked to use ${to} for your ${PRODUCT_NAME} account instead of ${currentEmail}. Confirm this address to make it the one you sign in with. Until you do, nothing changes.`;
  const footer = `The link expires after ${linkLifetimeInWords(EMAIL_CHANGE_TOKEN_TTL_MS)} and works once. If you did not ask for this, ignore this email: the account stays as it is.`;
  return {
    kind: 'email-change',
    to,
    link,
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footer}\n\n${PRODUCT_NAME}\n`,
    html: layout({
      title: 'Confirm your new email address',
      greeting,
      body,
      action: 'Confirm new address',
      link,
      footer,
    }),
  };
}

/**
 * To the old address: the account asked to move to `newEmail`, and a link that undoes it (and
 * signs out every device) in case someone else did (decision 050).
 */
export function emailChangeNoticeMail(
  to: string,
  name: string,
  newEmail: string,
  link: string,
): MailMessage {
  const greeting = `Hi ${plainName(name) || 'there'},`;
  const body = `Someone signed in to your ${PRODUCT_NAME} account asked to change its email address from ${to} to ${newEmail}. Until the new address is confirmed, you keep signing in with this one. If this was not you, undo the change: your account keeps (or gets back) this address and every device is signed out.`;
  const footer = `The link works once, for ${linkLifetimeInWords(EMAIL_UNDO_TOKEN_TTL_MS)}. If you made this change yourself, you need not do anything.`;
  return {
    kind: 'email-change-notice',
    to,
    link,
    subject: `Your ${PRODUCT_NAME} email address is being changed`,
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footer}\n\n${PRODUCT_NAME}\n`,
    html: layout({
      title: 'Your email address is being changed',
      greeting,
      body,
      action: 'Undo this change',
      link,
      footer,
    }),
  };
}
