import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.js';
import * as m0002 from './0002-pomodoro.js';
import * as m0003 from './0003-rollup-version.js';
import * as m0004 from './0004-email-token-live-unique.js';
import * as m0005 from './0005-todo-estimates.js';
import * as m0006 from './0006-settings-sound-goal.js';
import * as m0007 from './0007-themes.js';
import * as m0008 from './0008-playlists.js';
import * as m0009 from './0009-external-accounts.js';
import * as m0010 from './0010-admin.js';
import * as m0011 from './0011-email-change.js';
import * as m0012 from './0012-exchange-code-new-account.js';
import * as m0013 from './0013-user-language.js';
import * as m0014 from './0014-shared-timer.js';
import * as m0015 from './0015-push.js';
import * as m0016 from './0016-time-display.js';

/**
 * Every migration, by name, in order. Listed statically rather than read from the folder so the
 * compiled server (and any bundler) carries them without a file-system scan. Add new ones here.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-pomodoro': m0002,
  '0003-rollup-version': m0003,
  '0004-email-token-live-unique': m0004,
  '0005-todo-estimates': m0005,
  '0006-settings-sound-goal': m0006,
  '0007-themes': m0007,
  '0008-playlists': m0008,
  '0009-external-accounts': m0009,
  '0010-admin': m0010,
  '0011-email-change': m0011,
  '0012-exchange-code-new-account': m0012,
  '0013-user-language': m0013,
  '0014-shared-timer': m0014,
  '0015-push': m0015,
  '0016-time-display': m0016,
};
