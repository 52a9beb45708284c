import { TODOS_MAX_ITEMS, type TimerSettings } from '@focusroom/core';
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import { formatList } from '../../i18n/format';

/**
 * What the app says when a visitor's set-up meets an account (decision 051). A module of its own,
 * so the first load of / does not carry these words. Descriptors: rendered with `i18n._`.
 */
export const CARRY_OVER_MESSAGES = {
  title: msg`Bring this browser's set-up into your account?`,
  intro: (parts: string) => msg`Before you signed in, you set up this browser: ${parts}.`,
  keep: msg`Keep this browser's set-up`,
  keepHint: msg`Your account takes the settings you changed here, and this browser's to-dos are added to its list.`,
  useAccount: msg`Use the account's`,
  useAccountHint: msg`This browser's set-up is discarded; your account stays as it is.`,
  failed: msg`Your set-up could not be saved to your account yet. It stays in this browser and is sent once the server can be reached.`,
  leftOut: (count: number) => {
    const max = TODOS_MAX_ITEMS;
    return msg`${plural(count, {
      one: `# of this browser's to-dos did not fit: a list holds at most ${max}.`,
      other: `# of this browser's to-dos did not fit: a list holds at most ${max}.`,
    })}`;
  },
};

const SOUND_FIELDS: readonly (keyof TimerSettings)[] = [
  'sound_enabled',
  'focus_end_sound',
  'break_end_sound',
  'alarm_volume',
  'ticking_enabled',
  'warning_chime_enabled',
];

/**
 * The set-up in words for the question: "3 to-dos, timer settings, a daily goal of 4 and
 * sounds", naming only what differs from a fresh visitor's; in the active language.
 */
export function describeSetup(
  todoCount: number,
  changed: readonly (keyof TimerSettings)[],
  settings: TimerSettings,
): string {
  const parts: string[] = [];
  if (todoCount > 0) {
    parts.push(i18n._(msg`${plural(todoCount, { one: '# to-do', other: '# to-dos' })}`));
  }
  if (changed.some((key) => key !== 'daily_goal' && !SOUND_FIELDS.includes(key))) {
    parts.push(i18n._(msg`timer settings`));
  }
  if (changed.includes('daily_goal')) {
    const goal = settings.daily_goal;
    parts.push(i18n._(msg`a daily goal of ${goal}`));
  }
  if (changed.some((key) => SOUND_FIELDS.includes(key))) parts.push(i18n._(msg`sounds`));
  return formatList(i18n.locale, parts);
}
