import { TODOS_MAX_ITEMS, type TimerSettings } from '@focusroom/core';

/**
 * What the app says when a visitor's set-up meets an account (decision 051). A module of its own,
 * so the first load of / does not carry these words.
 */
export const CARRY_OVER_MESSAGES = {
  title: "Bring this browser's set-up into your account?",
  intro: (parts: string) => `Before you signed in, you set up this browser: ${parts}.`,
  keep: "Keep this browser's set-up",
  keepHint:
    "Your account takes the settings you changed here, and this browser's to-dos are added to its list.",
  useAccount: "Use the account's",
  useAccountHint: "This browser's set-up is discarded; your account stays as it is.",
  failed:
    'Your set-up could not be saved to your account yet. It stays in this browser and is sent once the server can be reached.',
  leftOut: (count: number) =>
    `${count} of this browser's to-dos did not fit: a list holds at most ${TODOS_MAX_ITEMS}.`,
} as const;

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
 * sounds", naming only what differs from a fresh visitor's.
 */
export function describeSetup(
  todoCount: number,
  changed: readonly (keyof TimerSettings)[],
  settings: TimerSettings,
): string {
  const parts: string[] = [];
  if (todoCount > 0) parts.push(`${todoCount} to-do${todoCount === 1 ? '' : 's'}`);
  if (changed.some((key) => key !== 'daily_goal' && !SOUND_FIELDS.includes(key))) {
    parts.push('timer settings');
  }
  if (changed.includes('daily_goal')) parts.push(`a daily goal of ${settings.daily_goal}`);
  if (changed.some((key) => SOUND_FIELDS.includes(key))) parts.push('sounds');
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
