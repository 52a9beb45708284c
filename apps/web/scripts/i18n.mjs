/**
 * The catalogs' two commands (decision 076), over every catalog of every language: each
 * locale's folder holds messages.po (the web app) and mail.po (the server's mails).
 *
 *   node scripts/i18n.mjs extract   adds new messages to every catalog (lingui extract --clean)
 *                                   and writes the test-only pseudo-locale en-XA from English
 *   node scripts/i18n.mjs check [locale]   fails when the catalogs are not what `extract` would write
 *                                   (a message in the code missing from them, or one they keep
 *                                   that the code no longer has) or a language lacks a
 *                                   translation; changes nothing
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';

const WEB = path.join(import.meta.dirname, '..');
const LOCALES_DIR = path.join(WEB, 'src/i18n/locales');
const SOURCE = 'en';
const PSEUDO = 'en-XA';
/** A catalog of a locale by its file name ('messages.po', 'mail.po'). */
const catalogFile = (locale, name, dir = LOCALES_DIR) => path.join(dir, locale, name);
/** The PO files in a locale's folder, by name. */
const catalogNames = (locale, dir = LOCALES_DIR) => {
  const folder = path.join(dir, locale);
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith('.po'))
        .sort()
    : [];
};
/** Lingui's mark on a message whose msgid is an explicit id, not its English (the mails'). */
const EXPLICIT_ID = 'js-lingui-explicit-id';

// ---------------------------------------------------------------------------------------------
// The pseudo-locale: every letter accented, about 40% longer, the message in brackets, so a
// screenshot shows text that does not fit and a scan finds any word that skipped the catalogs.

const ACCENTED = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđēƒĝĥĩĵķĺḿńōƥɋŕśţũṽŵẋýžÀƁÇĐĒƑĜĤĨĴĶĹḾŃŌƤɊŔŚŢŨṼŴẊÝŽ'][i],
  ]),
);

function accent(text) {
  // Tags of rich text (<0>, </0>) stay as they are.
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part, i) => (i % 2 ? part : [...part].map((c) => ACCENTED[c] ?? c).join('')))
    .join('');
}

/** ICU text with its syntax characters quoted again. */
function icuText(text, inPlural) {
  let out = text.replace(/'/g, "''").replace(/[{}]/g, (c) => `'${c}'`);
  if (inPlural) out = out.replace(/#/g, "'#'");
  return out;
}

/** A compiled message (Lingui's form) printed back as ICU, its text passed through `map`. */
function printIcu(nodes, map, inPlural = false) {
  return nodes
    .map((node) => {
      if (typeof node === 'string')
        return node === '#' && inPlural ? '#' : icuText(map(node), inPlural);
      const [name, type, format] = node;
      if (!type) return `{${name}}`;
      if (type === 'plural' || type === 'select' || type === 'selectordinal') {
        const cases = Object.entries(format)
          .filter(([key]) => key !== 'offset')
          .map(([key, value]) => {
            const label = /^\d+$/.test(key) ? `=${key}` : key;
            return `${label} {${printIcu(value, map, type !== 'select')}}`;
          });
        const offset = format.offset ? ` offset:${format.offset}` : '';
        return `{${name}, ${type},${offset} ${cases.join(' ')}}`;
      }
      return format ? `{${name}, ${type}, ${format}}` : `{${name}, ${type}}`;
    })
    .join('');
}

export function pseudoLocalize(message) {
  const compiled = compileMessageOrThrow(message);
  // The longest text a reader can see: a plural's cases count once, by their longest.
  const visible = (nodes) =>
    nodes.reduce((n, node) => {
      if (typeof node === 'string') return n + node.replace(/<\/?\d+\/?>/g, '').length;
      const cases = node[2] && typeof node[2] === 'object' ? Object.values(node[2]) : [];
      return n + Math.max(0, ...cases.filter(Array.isArray).map(visible));
    }, 0);
  const padding = '·'.repeat(Math.max(1, Math.round(visible(compiled) * 0.4)));
  return `⟦${printIcu(compiled, accent)} ${padding}⟧`;
}

// ---------------------------------------------------------------------------------------------

class CommandFailed extends Error {}

/** Runs a command in apps/web; throws when it fails, so `check` still puts the catalogs back. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: WEB, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new CommandFailed(
      `${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`,
    );
  }
}

const loadCatalog = (file) => PO.parse(readFileSync(file, 'utf8'));

/**
 * The pseudo-locale's catalog: each message's English, pseudo-localized. The English is the
 * msgid, except for a message with an explicit id (the mails'), whose English is the source
 * catalog's translation of that id; one the source lacks stays untranslated, and `check` says so.
 */
export function pseudoLocalizeCatalog(catalog, source) {
  const english = new Map((source?.items ?? []).map((item) => [item.msgid, item.msgstr[0] ?? '']));
  for (const item of catalog.items) {
    const text = item.extractedComments.includes(EXPLICIT_ID)
      ? english.get(item.msgid)
      : item.msgid;
    item.msgstr = [text ? pseudoLocalize(text) : ''];
  }
  return catalog;
}

function writePseudoLocale() {
  for (const name of catalogNames(PSEUDO)) {
    const sourceFile = catalogFile(SOURCE, name);
    const source = existsSync(sourceFile) ? loadCatalog(sourceFile) : undefined;
    const catalog = pseudoLocalizeCatalog(loadCatalog(catalogFile(PSEUDO, name)), source);
    writeFileSync(catalogFile(PSEUDO, name), catalog.toString() + '\n');
  }
}

function extract() {
  run('npx', ['lingui', 'extract', '--clean']);
  writePseudoLocale();
}

const locales = () => readdirSync(LOCALES_DIR).sort();

/**
 * The placeholders and rich-text tags a message names, sorted: a translation must name the same
 * ones (a plural's cases may differ by language, its variable may not).
 */
export function placeholders(nodes) {
  const names = new Set();
  const visit = (list) => {
    for (const node of list) {
      if (typeof node === 'string') {
        for (const tag of node.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
        continue;
      }
      names.add(`{${node[0]}}`);
      const cases = node[2] && typeof node[2] === 'object' ? Object.values(node[2]) : [];
      for (const value of cases) if (Array.isArray(value)) visit(value);
    }
  };
  visit(nodes);
  return [...names].sort().join(' ');
}

/**
 * `only`: one locale's problems (the others are still extracted, not reported). Extract runs in
 * the catalogs' own folder and they are put back as found afterwards, so two checks must not
 * run at once, nor an edit of a catalog during one.
 */
function check(only) {
  const problems = [];
  // What extract would write, compared with what is there; the catalogs are put back as found.
  const saved = mkdtempSync(path.join(tmpdir(), 'focusroom-catalogs-'));
  cpSync(LOCALES_DIR, saved, { recursive: true });
  try {
    extract();
    const catalogs = locales().flatMap((locale) =>
      [...new Set([...catalogNames(locale), ...catalogNames(locale, saved)])]
        .sort()
        .map((name) => [locale, name]),
    );
    for (const [locale, name] of catalogs) {
      if (only && locale !== only) continue;
      const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
      const had = read(catalogFile(locale, name, saved));
      const wants = read(catalogFile(locale, name));
      if (had === wants) continue;
      if (had === null || wants === null) {
        problems.push(
          `${locale}/${name}: ` +
            (had === null ? 'missing; `npm run i18n:extract` writes it' : 'no longer written'),
        );
        continue;
      }
      const ids = (text) => new Set(PO.parse(text).items.map((item) => item.msgid));
      const [before, after] = [ids(had), ids(wants)];
      const added = [...after].filter((id) => !before.has(id));
      const gone = [...before].filter((id) => !after.has(id));
      problems.push(
        `${locale}/${name}: not what \`npm run i18n:extract\` writes` +
          (added.length
            ? `; missing ${added.length}: ${added
                .slice(0, 5)
                .map((m) => JSON.stringify(m))
                .join(', ')}`
            : '') +
          (gone.length
            ? `; no longer in the code ${gone.length}: ${gone
                .slice(0, 5)
                .map((m) => JSON.stringify(m))
                .join(', ')}`
            : ''),
      );
    }
  } finally {
    rmSync(LOCALES_DIR, { recursive: true, force: true });
    cpSync(saved, LOCALES_DIR, { recursive: true });
    rmSync(saved, { recursive: true, force: true });
  }
  for (const locale of locales()) {
    if (locale === SOURCE || (only && locale !== only)) continue;
    for (const name of catalogNames(locale)) {
      const catalog = loadCatalog(catalogFile(locale, name));
      // An explicit id (the mails') is no English: the English is the source catalog's text.
      const english = new Map(
        loadCatalog(catalogFile(SOURCE, name)).items.map((item) => [
          item.msgid,
          item.msgstr[0] || item.msgid,
        ]),
      );
      const untranslated = catalog.items.filter(
        (item) => !item.obsolete && !(item.msgstr[0] ?? '').trim(),
      );
      if (untranslated.length) {
        problems.push(
          `${locale}/${name}: ${untranslated.length} message(s) without a translation, e.g. ` +
            untranslated
              .slice(0, 5)
              .map((item) => JSON.stringify(item.msgid))
              .join(', '),
        );
      }
      for (const item of catalog.items) {
        const text = item.msgstr[0] ?? '';
        if (!text) continue;
        try {
          const wanted = placeholders(compileMessageOrThrow(english.get(item.msgid) ?? item.msgid));
          const got = placeholders(compileMessageOrThrow(text));
          if (wanted !== got) {
            problems.push(
              `${locale}/${name}: ${JSON.stringify(item.msgid)} names ${got || 'no placeholder'} instead of ${wanted || 'none'}`,
            );
          }
        } catch (error) {
          problems.push(
            `${locale}/${name}: ${JSON.stringify(item.msgid)} has a malformed translation: ${error.message}`,
          );
        }
      }
    }
  }
  if (problems.length) {
    console.error(`The catalogs need work:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    `Catalogs in step with the code; every language has every message (${locales().join(', ')}).`,
  );
}

const command = process.argv[2];
if (command === 'extract' || command === 'check') {
  try {
    if (command === 'extract') extract();
    else check(process.argv[3]);
  } catch (error) {
    if (!(error instanceof CommandFailed)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
} else if (command !== undefined) {
  console.error('usage: node scripts/i18n.mjs extract|check');
  process.exit(2);
}
