import type { MessageDescriptor } from '@lingui/core';

/**
 * Every word of the mails (decision 076: English in the code, each other language a PO catalog).
 * The server is compiled by tsc, without Lingui's macros, so each message is a descriptor marked
 * `/*i18n*\/` with an explicit id, which `npm run i18n:extract -w @focusroom/web` collects into
 * apps/web/src/i18n/locales/<locale>/mail.po. The English here is what the mails say; a
 * language without a translation falls back to it. Placeholders: {product} is the brand,
 * {name} the account's display name, {hours} and {days} a link's lifetime (a plural, so each
 * language words its own "1 hour" and "24 hours").
 */
export const MAIL_MESSAGES = {
  greeting: /*i18n*/ {
    id: 'mail.greeting',
    comment: "The first line of every mail; {name} is the person's display name.",
    message: 'Hi {name},',
  },
  greetingAnonymous: /*i18n*/ {
    id: 'mail.greeting.anonymous',
    comment: 'The first line of a mail to an account without a display name.',
    message: 'Hi there,',
  },
  linkFallback: /*i18n*/ {
    id: 'mail.link-fallback',
    comment: "Above the link written out in full, under the mail's button.",
    message: 'If the button does not work, open this link:',
  },

  verify: {
    subject: /*i18n*/ {
      id: 'mail.verify.subject',
      message: 'Verify your {product} email address',
    },
    title: /*i18n*/ {
      id: 'mail.verify.title',
      comment: "The HTML mail's title.",
      message: 'Verify your email',
    },
    body: /*i18n*/ {
      id: 'mail.verify.body',
      message:
        'Welcome to {product}! Confirm your email address to finish setting up your account.',
    },
    action: /*i18n*/ {
      id: 'mail.verify.action',
      comment: 'The button that opens the link.',
      message: 'Verify email',
    },
    footer: /*i18n*/ {
      id: 'mail.verify.footer',
      message:
        'The link expires after {hours, plural, one {# hour} other {# hours}}. If you did not create this account, ignore this email.',
    },
  },

  reset: {
    subject: /*i18n*/ {
      id: 'mail.reset.subject',
      message: 'Reset your {product} password',
    },
    title: /*i18n*/ {
      id: 'mail.reset.title',
      comment: "The HTML mail's title.",
      message: 'Reset your password',
    },
    body: /*i18n*/ {
      id: 'mail.reset.body',
      message:
        'Someone asked to reset the password of your {product} account. Choose a new password with the link below.',
    },
    action: /*i18n*/ {
      id: 'mail.reset.action',
      comment: 'The button that opens the link.',
      message: 'Reset password',
    },
    footer: /*i18n*/ {
      id: 'mail.reset.footer',
      message:
        'The link expires after {hours, plural, one {# hour} other {# hours}} and works once. If you did not ask for this, ignore this email; your password stays the same.',
    },
  },

  emailChange: {
    subject: /*i18n*/ {
      id: 'mail.email-change.subject',
      comment: 'Sent to the new address an account asked to move to.',
      message: 'Confirm your new {product} email address',
    },
    title: /*i18n*/ {
      id: 'mail.email-change.title',
      comment: "The HTML mail's title.",
      message: 'Confirm your new email address',
    },
    body: /*i18n*/ {
      id: 'mail.email-change.body',
      comment: '{newEmail} is the address this mail went to; {currentEmail} the one in use now.',
      message:
        'You asked to use {newEmail} for your {product} account instead of {currentEmail}. Confirm this address to make it the one you sign in with. Until you do, nothing changes.',
    },
    action: /*i18n*/ {
      id: 'mail.email-change.action',
      comment: 'The button that opens the link.',
      message: 'Confirm new address',
    },
    footer: /*i18n*/ {
      id: 'mail.email-change.footer',
      message:
        'The link expires after {hours, plural, one {# hour} other {# hours}} and works once. If you did not ask for this, ignore this email: the account stays as it is.',
    },
  },

  emailChangeNotice: {
    subject: /*i18n*/ {
      id: 'mail.email-change-notice.subject',
      comment: 'Sent to the old address when an account asks to move to another one.',
      message: 'Your {product} email address is being changed',
    },
    title: /*i18n*/ {
      id: 'mail.email-change-notice.title',
      comment: "The HTML mail's title.",
      message: 'Your email address is being changed',
    },
    body: /*i18n*/ {
      id: 'mail.email-change-notice.body',
      comment: '{currentEmail} is the address this mail went to; {newEmail} the one asked for.',
      message:
        'Someone signed in to your {product} account asked to change its email address from {currentEmail} to {newEmail}. Until the new address is confirmed, you keep signing in with this one. If this was not you, undo the change: your account keeps (or gets back) this address and every device is signed out.',
    },
    action: /*i18n*/ {
      id: 'mail.email-change-notice.action',
      comment: 'The button that opens the link, which undoes the change.',
      message: 'Undo this change',
    },
    footer: /*i18n*/ {
      id: 'mail.email-change-notice.footer',
      message:
        'The link works once, for {days, plural, one {# day} other {# days}}. If you made this change yourself, you need not do anything.',
    },
  },
} satisfies Record<string, MessageDescriptor | Record<string, MessageDescriptor>>;
