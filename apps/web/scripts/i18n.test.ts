import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without types
import { placeholders, pseudoLocalize, pseudoLocalizeCatalog } from './i18n.mjs';

const pseudo = pseudoLocalize as (message: string) => string;
const pseudoCatalog = pseudoLocalizeCatalog as (catalog: PO, source?: PO) => PO;
const named = (message: string) =>
  (placeholders as (nodes: unknown) => string)(compileMessage(message));

describe('pseudoLocalize', () => {
  it('accents every letter, brackets the message and makes it about 40% longer', () => {
    const out = pseudo('Toggle navigation');
    expect(out).toBe('⟦Ţōĝĝĺē ńàṽĩĝàţĩōń ·······⟧');
    expect(out).not.toMatch(/[A-Za-z]/);
    expect(out.length).toBeGreaterThanOrEqual(Math.round('Toggle navigation'.length * 1.4));
  });

  it('keeps placeholders, plural syntax and rich-text tags working', () => {
    const out = pseudo(
      '{count, plural, one {# pomodoro left} other {# pomodoros left}} for {name}',
    );
    expect(out).toBe(
      '⟦{count, plural, one {# ƥōḿōđōŕō ĺēƒţ} other {# ƥōḿōđōŕōś ĺēƒţ}} ƒōŕ {name} ········⟧',
    );
    expect(JSON.stringify(compileMessage(out))).toContain('"count","plural"');
    expect(pseudo('Sign in with <0>Google</0>')).toBe('⟦Śĩĝń ĩń ŵĩţĥ <0>Ĝōōĝĺē</0> ········⟧');
  });

  it('quotes ICU syntax characters that were literal text', () => {
    const out = pseudo("It's {a, select, x {X} other {Y}}");
    expect(compileMessage(out)).toEqual([
      "⟦Ĩţ'ś ",
      ['a', 'select', { x: ['Ẋ'], other: ['Ý'] }],
      ' ··⟧',
    ]);
  });
});

describe('placeholders', () => {
  it('names the variables and tags a translation must keep, whatever its plural cases', () => {
    expect(named('{count, plural, one {# to-do for {name}} other {# to-dos}} <0>more</0>')).toBe(
      '<0> {count} {name}',
    );
    expect(named('{count, plural, other {# ToDo}} {name} <0>もっと</0>')).toBe(
      named('{count, plural, one {# to-do for {name}} other {# to-dos}} <0>more</0>'),
    );
    expect(named('Navigation {oops}')).not.toBe(named('Toggle navigation'));
  });
});

describe('pseudoLocalizeCatalog', () => {
  const catalog = (text: string) => PO.parse(text);

  it("pseudo-localizes a message's msgid, and for an explicit id the source catalog's English", () => {
    const pseudoPo = catalog(
      [
        'msgid "Start"',
        'msgstr ""',
        '',
        '#. js-lingui-explicit-id',
        'msgid "mail.greeting"',
        'msgstr ""',
        '',
        '#. js-lingui-explicit-id',
        'msgid "mail.gone"',
        'msgstr "stale"',
        '',
      ].join('\n'),
    );
    const english = catalog(
      ['#. js-lingui-explicit-id', 'msgid "mail.greeting"', 'msgstr "Hi {name},"', ''].join('\n'),
    );
    const out = pseudoCatalog(pseudoPo, english);
    expect(out.items.map((item) => item.msgstr[0])).toEqual([
      pseudo('Start'),
      pseudo('Hi {name},'),
      // An explicit id the English catalog lacks stays untranslated, so `check` reports it.
      '',
    ]);
    expect(pseudo('Hi {name},')).toBe('⟦Ĥĩ {name}, ··⟧');
  });
});
