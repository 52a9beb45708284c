import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The message catalogs (docs/decisions/076): English is written in the code where each message
 * is used; every other language is a gettext PO catalog with ICU messages under
 * src/i18n/locales/<locale>/: messages.po for the web app, api-errors.po for the API's error
 * answers, mail.po for the server's mails. Weblate
 * and Crowdin read and write them. `npm run i18n:extract` adds new messages to every catalog and
 * writes the test-only pseudo-locale en-XA (scripts/i18n.mjs); `npm run i18n:check` (in CI) fails
 * when the catalogs are not in step with the code or a language lacks a translation.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'de', 'fr', 'pt-BR', 'ja', 'ar', 'en-XA'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/node_modules/**', '<rootDir>/src/i18n/api-error-words.ts'],
    },
    {
      // The API's error answers by code (decision 075): loaded with the chunk that says them, on
      // a first error, never before the app starts.
      path: '<rootDir>/src/i18n/locales/{locale}/api-errors',
      include: ['<rootDir>/src/i18n/api-error-words.ts'],
    },
    {
      // The server's mails (apps/server/src/mail/messages.ts) and push alarms
      // (apps/server/src/modules/push/messages.ts): explicit-id descriptors, read by the server at
      // startup (apps/server/src/mail/i18n.ts).
      path: '<rootDir>/src/i18n/locales/{locale}/mail',
      include: ['<rootDir>/../server/src/mail', '<rootDir>/../server/src/modules/push/messages.ts'],
      exclude: ['**/*.test.*', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
  // The React hook the `useLingui` macro calls is ours (src/i18n/use-lingui.ts), a few lines
  // over the core runtime instead of @lingui/react's provider.
  runtimeConfigModule: { useLingui: ['#i18n/use-lingui', 'useLingui'] },
});
