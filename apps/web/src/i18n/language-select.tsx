import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, LOCALES, isLocale } from '@focusroom/core';
import { IconLanguage } from '@tabler/icons-react';
import { useRef } from 'react';
import { useAuth } from '../lib/auth-context';
import { useAdoptEarlyInput } from '../lib/early-input';
import { chooseLocale, isAppLocale } from './runtime';

interface LanguageSelectProps {
  /** Called with the language chosen, after it is active and, when signed in, saved. */
  onChosen?: (locale: string) => void;
  className?: string;
}

/**
 * The language menu: a native select, so it works on a pre-rendered page before the app has
 * hydrated (a choice made then is adopted as it does) and opens the phone's own picker. Each
 * language is named in itself, so its readers find it whatever the page's language.
 */
export function LanguageSelect({ onChosen, className }: LanguageSelectProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const ref = useRef<HTMLSelectElement>(null);
  const { status, updateProfile } = useAuth();
  const choose = (value: string) => {
    if (!isAppLocale(value) || value === locale) return;
    void chooseLocale(value).then(() => {
      // A choice made while signed in is the account's too (its other devices, its mails).
      if (status === 'authenticated' && isLocale(value)) void updateProfile({ language: value });
      onChosen?.(value);
    });
  };
  useAdoptEarlyInput(ref, locale, choose);
  const label = t`Language`;
  return (
    <label className={['fr-language', className].filter(Boolean).join(' ')} title={label}>
      <IconLanguage size={18} aria-hidden />
      <select
        ref={ref}
        aria-label={label}
        value={locale}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {/* The pseudo-locale is for tests only; it is shown only while it is active. */}
        {isAppLocale(locale) && !(LOCALES as readonly string[]).includes(locale) ? (
          <option value={locale}>{locale}</option>
        ) : null}
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
