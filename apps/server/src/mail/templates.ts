import {
  EMAIL_CHANGE_TOKEN_TTL_MS,
  EMAIL_UNDO_TOKEN_TTL_MS,
  NAME_MAX_LENGTH,
  PRODUCT_NAME,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
  directionOf,
  type Locale,
} from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { mailTranslations } from './i18n.js';
import { MAIL_MESSAGES } from './messages.js';

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

type Values = Record<string, unknown>;

/** The messages of one kind of mail (MAIL_MESSAGES.verify, .reset, ...). */
interface MailTexts {
  subject: MessageDescriptor;
  title: MessageDescriptor;
  body: MessageDescriptor;
  action: MessageDescriptor;
  footer: MessageDescriptor;
}

/** One mail's words, in its language. */
interface MailWords {
  subject: string;
  title: string;
  greeting: string;
  body: string;
  action: string;
  linkFallback: string;
  footer: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function layout(locale: Locale, words: MailWords, rawLink: string): string {
  const link = escapeHtml(rawLink);
  const dir = directionOf(locale);
  // Mail clients drop <html> attributes, so the direction is repeated on the tables and the text
  // aligns to its start by hand (older clients ignore `text-align: start`).
  const align = dir === 'rtl' ? 'right' : 'left';
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(words.title)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:${DARK};font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#ece8f5">
<table role="presentation" dir="${dir}" width="100%" cellspacing="0" cellpadding="0" style="background:${DARK};padding:32px 0">
<tr><td align="center">
<table role="presentation" dir="${dir}" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#241e33;border-radius:12px;overflow:hidden">
<tr><td style="background:${PURPLE};padding:20px 32px;font-size:22px;font-weight:700;color:#ffffff;text-align:${align}">${PRODUCT_NAME}</td></tr>
<tr><td style="padding:32px;text-align:${align}">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(words.greeting)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(words.body)}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:${PURPLE};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:600">${escapeHtml(words.action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#b9b1cc">${escapeHtml(words.linkFallback)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${link}" dir="ltr" style="color:#c4b5fd">${link}</a></p>
<p style="margin:0;font-size:13px;color:#b9b1cc">${escapeHtml(words.footer)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * A mail in `locale` (decision 078): its subject, plain text and HTML, every word from the
 * language's catalog (English where it has none); `{product}` is the brand everywhere.
 */
function compose(
  locale: Locale,
  head: { kind: MailKind; to: string; link: string },
  name: string,
  texts: MailTexts,
  values: { body?: Values; footer: Values },
): MailMessage {
  const translations = mailTranslations();
  const t = (descriptor: MessageDescriptor, more: Values = {}) =>
    translations.translate(locale, descriptor, { product: PRODUCT_NAME, ...more });
  const shownName = plainName(name);
  const words: MailWords = {
    subject: t(texts.subject),
    title: t(texts.title),
    greeting: shownName
      ? t(MAIL_MESSAGES.greeting, { name: shownName })
      : t(MAIL_MESSAGES.greetingAnonymous),
    body: t(texts.body, values.body),
    action: t(texts.action),
    linkFallback: t(MAIL_MESSAGES.linkFallback),
    footer: t(texts.footer, values.footer),
  };
  const { greeting, body, footer } = words;
  return {
    ...head,
    subject: words.subject,
    text: `${greeting}\n\n${body}\n\n${head.link}\n\n${footer}\n\n${PRODUCT_NAME}\n`,
    html: layout(locale, words, head.link),
  };
}

/** Asks a new account to prove its address. */
export function verificationMail(
  to: string,
  name: string,
  link: string,
  locale: Locale,
): MailMessage {
  return compose(locale, { kind: 'verify', to, link }, name, MAIL_MESSAGES.verify, {
    footer: { hours: VERIFICATION_TOKEN_TTL_MS / HOUR_MS },
  });
}

export function resetMail(to: string, name: string, link: string, locale: Locale): MailMessage {
  return compose(locale, { kind: 'reset', to, link }, name, MAIL_MESSAGES.reset, {
    footer: { hours: RESET_TOKEN_TTL_MS / HOUR_MS },
  });
}

/** To the new address: the link that makes it the account's sign-in address (decision 050). */
export function emailChangeConfirmMail(
  to: string,
  name: string,
  currentEmail: string,
  link: string,
  locale: Locale,
): MailMessage {
  return compose(locale, { kind: 'email-change', to, link }, name, MAIL_MESSAGES.emailChange, {
    body: { newEmail: to, currentEmail },
    footer: { hours: EMAIL_CHANGE_TOKEN_TTL_MS / HOUR_MS },
  });
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
  locale: Locale,
): MailMessage {
  return compose(
    locale,
    { kind: 'email-change-notice', to, link },
    name,
    MAIL_MESSAGES.emailChangeNotice,
    {
      body: { currentEmail: to, newEmail },
      footer: { days: EMAIL_UNDO_TOKEN_TTL_MS / DAY_MS },
    },
  );
}
