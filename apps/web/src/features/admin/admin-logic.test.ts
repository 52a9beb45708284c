import { ADMIN_MESSAGES } from '@focusroom/core';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import { describe, expect, it } from 'vitest';
import { queryString } from './admin-api';
import { countAxis, formatAdminMinutes, typedConfirmationMatches } from './admin-format';
import { actionDoneMessage } from './admin-queries';
import { standardThemeChanges, standardThemeFormValues } from './standard-theme-values';
import { standardThemeDeleteBlock } from './standard-themes-section';
import { userActionOptions } from './user-actions';

const ME = 'me-id';
const base = {
  id: 'other-id',
  is_verified: true,
  is_admin: false,
  has_admin_role: false,
  in_admin_emails: false,
  disabled_at: null as string | null,
};
const byKey = (options: ReturnType<typeof userActionOptions>) =>
  Object.fromEntries(options.map((o) => [o.key, o]));
/** A message as English reads it, or undefined for none. */
const english = (message: MessageDescriptor | null | undefined) =>
  message ? i18n._(message) : message;

describe('the actions on an account', () => {
  it('offers a plain user every action, none blocked', () => {
    const options = userActionOptions(base, ME);
    expect(options.map((o) => o.key)).toEqual(['grantAdmin', 'disable', 'signOut', 'delete']);
    expect(options.every((o) => o.blockedReason === undefined)).toBe(true);
  });

  it('offers verification only to an unverified account, enabling only to a disabled one', () => {
    const keys = userActionOptions(
      { ...base, is_verified: false, disabled_at: '2026-11-23T10:00:00.000Z' },
      ME,
    ).map((o) => o.key);
    expect(keys).toEqual(['verify', 'grantAdmin', 'enable', 'signOut', 'delete']);
  });

  it('blocks the dangerous actions on the admin’s own account, with the reason', () => {
    const own = byKey(
      userActionOptions({ ...base, id: ME, is_admin: true, has_admin_role: true }, ME),
    );
    expect(english(own.revokeAdmin?.blockedReason)).toBe(ADMIN_MESSAGES.cannotRevokeOwnAdmin);
    expect(english(own.disable?.blockedReason)).toBe(ADMIN_MESSAGES.cannotDisableSelf);
    expect(english(own.delete?.blockedReason)).toBe(ADMIN_MESSAGES.cannotDeleteSelf);
    expect(english(own.signOut?.blockedReason)).toBe(i18n._(ADMIN_WEB_MESSAGES.selfSignOut));
  });

  it('explains that an ADMIN_EMAILS admin keeps the role', () => {
    const listed = byKey(userActionOptions({ ...base, is_admin: true, in_admin_emails: true }, ME));
    expect(english(listed.revokeAdmin?.blockedReason)).toBe(ADMIN_MESSAGES.inAdminEmails);
    expect(listed.grantAdmin).toBeUndefined();
    expect(english(listed.disable?.blockedReason)).toBe(ADMIN_MESSAGES.inAdminEmailsDisable);
    expect(english(listed.delete?.blockedReason)).toBe(ADMIN_MESSAGES.inAdminEmailsDelete);
    // Not yet verified, the address is no admin: the server lets it be disabled or deleted.
    const pending = byKey(
      userActionOptions({ ...base, is_verified: false, in_admin_emails: true }, ME),
    );
    expect(pending.disable?.blockedReason).toBeUndefined();
    expect(pending.delete?.blockedReason).toBeUndefined();
    const granted = byKey(userActionOptions({ ...base, is_admin: true, has_admin_role: true }, ME));
    expect(granted.revokeAdmin?.blockedReason).toBeUndefined();
    expect(granted.revokeAdmin?.danger).toBe(true);
  });

  it('marks what takes something away as dangerous (confirmed first)', () => {
    const options = byKey(userActionOptions({ ...base, is_verified: false }, ME));
    expect(options.verify?.danger).toBe(false);
    expect(options.grantAdmin?.danger).toBe(false);
    expect(options.disable?.danger).toBe(true);
    expect(options.delete?.danger).toBe(true);
    expect(options.delete?.audit).toBe('user.delete');
  });
});

describe('admin formatting', () => {
  it('needs the username typed exactly (case kept, spaces around forgiven)', () => {
    expect(typedConfirmationMatches(' Ada_1 ', 'Ada_1')).toBe(true);
    expect(typedConfirmationMatches('ada_1', 'Ada_1')).toBe(false);
    expect(typedConfirmationMatches('Ada_', 'Ada_1')).toBe(false);
    expect(typedConfirmationMatches('', 'Ada_1')).toBe(false);
  });

  it('writes minutes as minutes, hours and minutes, or whole hours past a hundred', () => {
    expect(formatAdminMinutes(45)).toBe('45 min');
    expect(formatAdminMinutes(120)).toBe('2 h');
    expect(formatAdminMinutes(185)).toBe('3 h 5 min');
    expect(formatAdminMinutes(123_456)).toBe('2,057 h');
    expect(formatAdminMinutes(123_456, 'de')).toBe('2.057 Std.');
    expect(formatAdminMinutes(185, 'pt-BR')).toBe('3 h e 5 min');
  });

  it('draws count axes in even, round steps', () => {
    expect(countAxis(0)).toEqual({ domain: [0, 4], ticks: [0, 2, 4] });
    expect(countAxis(3)).toEqual({ domain: [0, 4], ticks: [0, 2, 4] });
    expect(countAxis(7)).toEqual({ domain: [0, 10], ticks: [0, 5, 10] });
    expect(countAxis(37)).toEqual({ domain: [0, 40], ticks: [0, 20, 40] });
    expect(countAxis(1234).ticks).toEqual([0, 1000, 2000]);
  });

  it('says a success in the audit log’s words', () => {
    expect(actionDoneMessage('user.disable', 'ada')).toBe('Disabled account: ada');
  });

  it('leaves empty values out of a query string', () => {
    expect(queryString({ page: 2, page_size: 20, q: '' })).toBe('?page=2&page_size=20');
    expect(queryString({ q: 'a b&c' })).toBe('?q=a+b%26c');
    expect(queryString({ q: undefined })).toBe('');
  });
});

describe('standard themes', () => {
  const theme = {
    id: 'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933',
    name: 'Abstract',
    description: 'Shapes',
    background_color: '#111111',
    text_color: '#ffffff',
    primary_color: '#7c3aed',
    secondary_color: '#a78bfa',
    accent_color: '#60a5fa',
    is_dark: true,
    is_default: false,
    is_standard: true,
    image_url: '/themes/art/abstract.svg',
    background_url: null,
    user_id: null,
    created_at: '2024-01-01T00:00:00.000Z',
    is_public: false,
  };

  it('sends only what an edit changed, never the seeded picture it kept', () => {
    const before = standardThemeFormValues(theme);
    expect(standardThemeChanges(before, { ...before, name: ' Shapes ' })).toEqual({
      name: 'Shapes',
    });
    expect(standardThemeChanges(before, before)).toEqual({});
    expect(
      standardThemeChanges(before, { ...before, image_url: 'https://example.com/a.webp' }),
    ).toEqual({ image_url: 'https://example.com/a.webp', background_url: null });
  });

  it('sends every field for a new theme, no picture as null', () => {
    const body = standardThemeChanges(null, { ...standardThemeFormValues(null), name: 'Dusk' });
    expect(body).toMatchObject({
      name: 'Dusk',
      image_url: null,
      background_url: null,
      is_dark: true,
    });
    expect(Object.keys(body)).toContain('accent_color');
  });

  it('keeps the ten originals and the default from deletion, with the reason', () => {
    expect(english(standardThemeDeleteBlock(theme))).toBe(ADMIN_MESSAGES.seededThemeUndeletable);
    expect(english(standardThemeDeleteBlock({ id: 'added', is_default: true }))).toBe(
      ADMIN_MESSAGES.defaultThemeUndeletable,
    );
    expect(standardThemeDeleteBlock({ id: 'added', is_default: false })).toBeNull();
  });
});
