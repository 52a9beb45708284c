import { i18n } from '@lingui/core';
import { isLocale, STORAGE_KEYS } from '@focusroom/core';
import { useEffect, useRef } from 'react';
import { useAuth } from '../lib/auth-context';
import { readItem } from '../lib/storage';
import { chooseLocale } from './runtime';

/**
 * The account keeps the language (decision 076), so it follows the person to every device and
 * into the mails sent to them: once a user is signed in, the account's language becomes this
 * browser's; an account with none takes the one chosen on this browser (a visitor's choice comes
 * along into the account). Renders nothing.
 */
export function LanguageFollowsAccount() {
  const { status, user, updateProfile } = useAuth();
  const seen = useRef<string | null>(null);
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  const saved = user?.language;
  useEffect(() => {
    // A stored copy of the user from before the field existed says nothing: wait for the server.
    if (!userId || saved === undefined) return;
    const key = `${userId}:${saved ?? ''}`;
    if (seen.current === key) return;
    seen.current = key;
    if (saved !== null) {
      if (saved !== i18n.locale) void chooseLocale(saved);
      return;
    }
    const chosenHere = readItem(STORAGE_KEYS.language);
    if (isLocale(chosenHere)) void updateProfile({ language: chosenHere });
  }, [userId, saved, updateProfile]);
  return null;
}
