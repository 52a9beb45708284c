import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES, SOURCE_LOCALE } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAIL_CATALOGS_DIR,
  MAIL_CATALOG_FILE,
  mailLocale,
  readMailCatalogs,
  requestLocale,
} from './i18n.js';
import { MAIL_MESSAGES } from './messages.js';

const descriptors: MessageDescriptor[] = Object.values(MAIL_MESSAGES).flatMap((entry) =>
  'id' in entry ? [entry as MessageDescriptor] : Object.values(entry),
);

/** The placeholder names of an ICU message, plurals' inner ones included. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: ReturnType<typeof compileMessage>) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      const [name, , format] = node;
      names.add(name);
      if (format && typeof format === 'object') {
        for (const branch of Object.values(format)) if (Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('the mail catalogs', () => {
  const translated = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);

  it.each(translated)(
    '%s translates every mail message with the English placeholders',
    (locale) => {
      const file = path.join(MAIL_CATALOGS_DIR, locale, MAIL_CATALOG_FILE);
      const items = new Map(
        PO.parse(fs.readFileSync(file, 'utf8')).items.map((item) => [item.msgid, item]),
      );
      for (const descriptor of descriptors) {
        const translation = items.get(descriptor.id!)?.msgstr[0] ?? '';
        expect(translation, descriptor.id).not.toBe('');
        expect(placeholders(translation), descriptor.id).toEqual(placeholders(descriptor.message!));
        expect(translation, descriptor.id).not.toContain('Focusroom');
      }
    },
  );

  it('are found from the module at apps/web/src/i18n/locales', () => {
    expect(MAIL_CATALOGS_DIR.split(path.sep).join('/')).toMatch(
      /\/apps\/web\/src\/i18n\/locales\/$/,
    );
    expect(fs.existsSync(path.join(MAIL_CATALOGS_DIR, 'de', MAIL_CATALOG_FILE))).toBe(true);
  });
});

describe('readMailCatalogs', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-mail-catalogs-'));
    dirs.push(dir);
    return dir;
  };
  const greeting = MAIL_MESSAGES.greeting;

  it('answers English in every language, with one warning, when the folder is missing', () => {
    const warnings: string[] = [];
    const missing = path.join(tempDir(), 'nowhere');
    const translations = readMailCatalogs(missing, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(missing);
    for (const locale of LOCALES) {
      expect(translations.translate(locale, greeting, { name: 'Ada' })).toBe('Hi Ada,');
    }
  });

  it('reads each language it finds, leaves out a translation that does not compile, and says which', () => {
    const dir = tempDir();
    const write = (locale: string, entries: Record<string, string>) => {
      const po = new PO();
      for (const [id, text] of Object.entries(entries)) {
        const item = new PO.Item();
        item.msgid = id;
        item.msgstr = [text];
        item.extractedComments = ['js-lingui-explicit-id'];
        po.items.push(item);
      }
      fs.mkdirSync(path.join(dir, locale));
      fs.writeFileSync(path.join(dir, locale, MAIL_CATALOG_FILE), po.toString());
    };
    write('de', { [greeting.id!]: 'Hallo {name},' });
    write('fr', { [greeting.id!]: 'Bonjour {name', [MAIL_MESSAGES.greetingAnonymous.id!]: '' });
    const warnings: string[] = [];
    const translations = readMailCatalogs(dir, (message) => warnings.push(message));

    expect(translations.translate('de', greeting, { name: 'Ada' })).toBe('Hallo Ada,');
    expect(translations.translate('fr', greeting, { name: 'Ada' })).toBe('Hi Ada,');
    expect(translations.translate('fr', MAIL_MESSAGES.greetingAnonymous)).toBe('Hi there,');
    expect(translations.translate('ja', greeting, { name: 'Ada' })).toBe('Hi Ada,');
    expect(warnings.filter((w) => w.includes('mail.greeting'))).toHaveLength(1);
    // es, pt-BR, ja and ar have no file here: one warning each.
    expect(warnings.filter((w) => w.includes('not found'))).toHaveLength(4);
  });

  it('formats Arabic plurals with Latin digits', () => {
    const translations = readMailCatalogs(MAIL_CATALOGS_DIR, () => {});
    const footer = MAIL_MESSAGES.verify.footer;
    expect(translations.translate('ar', footer, { hours: 24 })).toContain('24 ساعة');
    expect(translations.translate('ar', footer, { hours: 2 })).toContain('ساعتين');
    expect(translations.translate('ar', footer, { hours: 5 })).toContain('5 ساعات');
  });
});

describe('the language of a mail', () => {
  it('is the language the request asks for, the closest one we have, else English', () => {
    expect(requestLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(requestLocale('pt-PT')).toBe('pt-BR');
    expect(requestLocale('zh-CN, ja;q=0.5')).toBe('ja');
    expect(requestLocale('zh-CN')).toBe('en');
    expect(requestLocale(undefined)).toBe('en');
    expect(requestLocale('')).toBe('en');
  });

  it("is the account's own language when it chose one, else the request's", () => {
    expect(mailLocale('ja', 'fr')).toBe('ja');
    expect(mailLocale(null, 'fr')).toBe('fr');
    expect(mailLocale(undefined, 'de')).toBe('de');
    // A language the app no longer has counts as none.
    expect(mailLocale('xx', 'es')).toBe('es');
  });
});
