import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOCALES,
  SOURCE_LOCALE,
  isLocale,
  matchLocale,
  parseAcceptLanguage,
  type Locale,
} from '@focusroom/core';
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { compileMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';

/**
 * The web app's catalog folder, apps/web/src/i18n/locales, where each language's mail.po sits
 * beside its messages.po (decision 078). Found from this file, two folders below apps/server in
 * both src/mail (development, tests) and dist/mail (production), so the same path works in both.
 */
export const MAIL_CATALOGS_DIR = fileURLToPath(
  new URL('../../../web/src/i18n/locales/', import.meta.url),
);

export const MAIL_CATALOG_FILE = 'mail.po';

/** Lingui's mark on a PO entry whose msgid is an explicit id rather than its English. */
const EXPLICIT_ID_FLAG = 'js-lingui-explicit-id';

/**
 * The locale numbers and plurals are formatted in: Arabic with Latin digits, as the web app
 * shows it (apps/web/src/i18n/format.ts), whatever the ICU data's default for `ar` is.
 */
const FORMAT_LOCALES: Partial<Record<Locale, string>> = { ar: 'ar-u-nu-latn' };

/**
 * The mails' words in every language: one Lingui instance per locale, each holding that
 * language's compiled translations. A message a language lacks, and every message in English,
 * is the descriptor's own English, compiled when first used.
 */
export class MailTranslations {
  private readonly byLocale = new Map<Locale, I18n>();

  constructor(catalogs: Partial<Record<Locale, Messages>>) {
    for (const locale of LOCALES) {
      const runtime = setupI18n({
        locale,
        locales: [FORMAT_LOCALES[locale] ?? locale],
        messages: { [locale]: catalogs[locale] ?? {} },
      });
      runtime.setMessagesCompiler(compileMessage);
      this.byLocale.set(locale, runtime);
    }
  }

  /** The message in `locale`, its placeholders filled from `values`. */
  translate(
    locale: Locale,
    descriptor: MessageDescriptor,
    values?: Record<string, unknown>,
  ): string {
    // Not named `i18n`: Lingui's extractor reads `i18n._(…)` calls as messages to collect.
    const runtime = this.byLocale.get(locale) ?? this.byLocale.get(SOURCE_LOCALE)!;
    return runtime._({ ...descriptor, values });
  }
}

/**
 * Reads each language's mail.po from `dir` (`<dir>/<locale>/mail.po`) and compiles its
 * translations. Nothing here stops the server: without the folder every mail is English, a
 * language without its file is English, and a translation that does not compile is left out
 * (its message English); each is said once through `warn`.
 */
export function readMailCatalogs(dir: string, warn: (message: string) => void): MailTranslations {
  if (!fs.existsSync(dir)) {
    warn(`Mail catalogs not found in ${dir}: every mail is sent in English.`);
    return new MailTranslations({});
  }
  const catalogs: Partial<Record<Locale, Messages>> = {};
  for (const locale of LOCALES) {
    if (locale === SOURCE_LOCALE) continue;
    const file = path.join(dir, locale, MAIL_CATALOG_FILE);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      warn(`Mail catalog ${file} not found: mails in ${locale} are sent in English.`);
      continue;
    }
    const messages: Messages = {};
    for (const item of PO.parse(text).items) {
      const translation = item.msgstr[0] ?? '';
      if (item.obsolete || !translation.trim()) continue;
      const id = item.extractedComments.includes(EXPLICIT_ID_FLAG)
        ? item.msgid
        : generateMessageId(item.msgid, item.msgctxt ?? undefined);
      try {
        messages[id] = compileMessageOrThrow(translation);
      } catch (error) {
        warn(
          `Mail catalog ${file}: the translation of ${JSON.stringify(item.msgid)} does not ` +
            `compile (${(error as Error).message}); that message is sent in English.`,
        );
      }
    }
    catalogs[locale] = messages;
  }
  return new MailTranslations(catalogs);
}

let loaded: MailTranslations | undefined;

/**
 * The mails' translations, read from MAIL_CATALOGS_DIR on the first call and kept: the server
 * calls this at startup (buildApp) so a missing catalog is said in its log before any mail.
 */
export function mailTranslations(
  warn: (message: string) => void = (message) => process.emitWarning(message),
): MailTranslations {
  loaded ??= readMailCatalogs(MAIL_CATALOGS_DIR, warn);
  return loaded;
}

/** The language a request asks for in its Accept-Language header; English when none we have. */
export function requestLocale(acceptLanguage: string | undefined): Locale {
  return matchLocale(parseAcceptLanguage(acceptLanguage));
}

/**
 * The language of a mail to an account (decision 078): the one the account chose, else the one
 * the request that caused the mail asked for.
 */
export function mailLocale(accountLanguage: string | null | undefined, requested: Locale): Locale {
  return isLocale(accountLanguage) ? accountLanguage : requested;
}
