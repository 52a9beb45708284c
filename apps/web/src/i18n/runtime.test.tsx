import { STORAGE_KEYS } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAuth } from '../../test/render';
import { LanguageSelect } from './language-select';
import { activateLocale, isAppLocale, preferredLocale } from './runtime';

afterEach(async () => {
  localStorage.clear();
  await activateLocale('en');
});

describe('preferredLocale', () => {
  it('takes the language chosen on this browser first', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'ja');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(preferredLocale()).toBe('ja');
  });

  it("follows the browser's languages on a first visit, and ignores a stored value it lacks", () => {
    localStorage.setItem(STORAGE_KEYS.language, 'klingon');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ko', 'pt-PT', 'en']);
    expect(preferredLocale()).toBe('pt-BR');
  });

  it('accepts the test pseudo-locale only by name', () => {
    expect(isAppLocale('en-XA')).toBe(true);
    expect(isAppLocale('en-GB')).toBe(false);
  });
});

describe('activateLocale', () => {
  it('puts lang and dir on <html>: Arabic right to left', async () => {
    await activateLocale('ar');
    expect(i18n.locale).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await activateLocale('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('lets the later of two quick choices win', async () => {
    const first = activateLocale('fr');
    const second = activateLocale('ja');
    await Promise.all([first, second]);
    expect(i18n.locale).toBe('ja');
  });
});

describe('LanguageSelect', () => {
  it('names each language in itself and keeps the choice on this browser', async () => {
    const chosen = vi.fn();
    renderWithProviders(<LanguageSelect onChosen={chosen} />, {
      auth: stubAuth({ status: 'unauthenticated', user: null, token: null }),
    });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    await userEvent.selectOptions(select, 'de');
    await waitFor(() => expect(chosen).toHaveBeenCalledWith('de'));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('de');
    expect(document.cookie).toContain('focusroom_language=de');
    expect(document.documentElement.lang).toBe('de');
    expect(select).toHaveValue('de');
  });
});
