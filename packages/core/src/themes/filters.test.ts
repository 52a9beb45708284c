import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RETIRED_THEME_NAMES,
  filterCustomThemes,
  filterPublicThemes,
  filterStandardThemes,
  isRetiredTheme,
  isStandardTheme,
  type FilterableTheme,
} from './filters.js';
import { STANDARD_THEME_IDS, STANDARD_THEMES } from './standard.js';

const ME = '0190aaaa-0000-7000-8000-000000000001';
const OTHER = '0190bbbb-0000-7000-8000-000000000002';

function theme(partial: Partial<FilterableTheme> & Pick<FilterableTheme, 'id'>): FilterableTheme {
  return {
    name: `Theme ${partial.id}`,
    user_id: OTHER,
    created_at: '2030-01-01T00:00:00Z',
    ...partial,
  };
}

describe('the standard list filter (product §5)', () => {
  it('keeps a theme flagged is_standard or carrying one of the ten ids, and nothing else', () => {
    const list = [
      theme({ id: 'x1', is_standard: true }),
      theme({ id: STANDARD_THEME_IDS[3]!, is_standard: false }),
      theme({ id: STANDARD_THEME_IDS[0]!.toUpperCase() }),
      theme({ id: 'x2', is_standard: false }),
      theme({ id: 25 }),
    ];
    expect(filterStandardThemes(list).map((t) => t.id)).toEqual([
      'x1',
      STANDARD_THEME_IDS[3],
      STANDARD_THEME_IDS[0]!.toUpperCase(),
    ]);
  });

  it('never drops a standard theme, although two share names with retired ones', () => {
    expect(filterStandardThemes(STANDARD_THEMES)).toHaveLength(10);
    expect(STANDARD_THEMES.every(isStandardTheme)).toBe(true);
  });
});

describe('the custom and public filters (product §5)', () => {
  it('drops numeric ids 24 to 32 (as numbers or digit strings) and the five retired names', () => {
    for (const id of [24, '24', 28, '32', 32]) expect(isRetiredTheme(theme({ id }))).toBe(true);
    for (const id of [23, '33', 1, '0024x', 'abc'])
      expect(isRetiredTheme(theme({ id }))).toBe(false);
    for (const name of RETIRED_THEME_NAMES) {
      expect(isRetiredTheme(theme({ id: 'u1', name }))).toBe(true);
      expect(isRetiredTheme(theme({ id: 'u1', name: ` ${name} ` }))).toBe(true);
    }
    expect(isRetiredTheme(theme({ id: 'u1', name: 'Ocean Blues' }))).toBe(false);
    expect(isRetiredTheme(theme({ id: 'u1', name: 'ocean blue' }))).toBe(false);
  });

  it('filters custom themes without exception', () => {
    const list = [
      theme({ id: 'a', name: 'Mine', user_id: ME }),
      theme({ id: 'b', name: 'Forest Green', user_id: ME }),
      theme({ id: 30, user_id: ME }),
    ];
    expect(filterCustomThemes(list).map((t) => t.id)).toEqual(['a']);
  });

  it("keeps the current user's own public themes even when they would be filtered", () => {
    const list = [
      theme({ id: 'a', name: 'Dark Theme', user_id: ME }),
      theme({ id: 'b', name: 'Dark Theme 2', user_id: OTHER }),
      theme({ id: 'c', name: 'Deep Purple', user_id: OTHER }),
      theme({ id: 26, user_id: OTHER }),
      theme({ id: 27, user_id: ME }),
    ];
    expect(filterPublicThemes(list, ME).map((t) => t.id)).toEqual(['a', 'b', 27]);
    expect(filterPublicThemes(list, null).map((t) => t.id)).toEqual(['b']);
  });

  it('keeps the newest public theme of each name, in list order', () => {
    const list = [
      theme({ id: 'old', name: 'Calm', created_at: '2030-01-01T00:00:00Z' }),
      theme({ id: 'other', name: 'Rain' }),
      theme({ id: 'new', name: 'Calm', created_at: '2030-02-01T00:00:00Z' }),
      theme({ id: 'older', name: 'Calm', created_at: '2029-01-01T00:00:00Z' }),
      theme({ id: 'tie1', name: 'Tie', created_at: '2030-01-01T00:00:00Z' }),
      theme({ id: 'tie2', name: 'Tie', created_at: '2030-01-01T00:00:00Z' }),
    ];
    expect(filterPublicThemes(list, ME).map((t) => t.id)).toEqual(['other', 'new', 'tie1']);
  });

  const arbitraryTheme = fc.record({
    id: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.uuid()),
    name: fc.constantFrom('Calm', 'Rain', 'Ocean Blue', 'Deep Purple', 'Night', 'Forest Green'),
    user_id: fc.constantFrom(ME, OTHER),
    created_at: fc
      .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(ms).toISOString()),
  });

  it('answers unique names, a subset of the input in order, each the newest kept of its name', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryTheme, { maxLength: 30 }),
        fc.constantFrom(ME, null),
        (list, me) => {
          const out = filterPublicThemes(list, me);
          const names = out.map((t) => t.name);
          expect(new Set(names).size).toBe(names.length);
          // A subsequence of the input.
          let cursor = 0;
          for (const item of out) {
            cursor = list.indexOf(item, cursor) + 1;
            expect(cursor).toBeGreaterThan(0);
          }
          for (const item of out) {
            if (isRetiredTheme(item)) expect(item.user_id).toBe(me);
            const sameName = list.filter(
              (t) => t.name === item.name && (!isRetiredTheme(t) || t.user_id === me),
            );
            for (const other of sameName) {
              expect(Date.parse(other.created_at)).toBeLessThanOrEqual(Date.parse(item.created_at));
            }
          }
          // Every name that survives filtering is represented.
          const survivingNames = new Set(
            list.filter((t) => !isRetiredTheme(t) || t.user_id === me).map((t) => t.name),
          );
          expect(new Set(names)).toEqual(survivingNames);
        },
      ),
    );
  });
});
