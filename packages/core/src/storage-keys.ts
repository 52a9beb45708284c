/**
 * Every key the web app keeps in the browser's storage (product §3). The first six are spelled as
 * existing clients read them; the rest start with the product's prefix `focusroom_`.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  lastAvatarUrl: 'lastAvatarUrl',
  lastUserId: 'lastUserId',
  theme: 'theme',
  selectedTheme: 'selectedTheme',
  settings: 'focusroom_settings',
  timer: 'focusroom_timer',
  todos: 'focusroom_todos',
  playlist: 'focusroom_playlist',
  currentTrack: 'focusroom_current_track',
  playerOpen: 'focusroom_player_open',
  playerMinimized: 'focusroom_player_minimized',
  playlistUpdated: 'focusroom_playlist_updated',
  /** Finished sessions not yet confirmed by the server, per user id. */
  sessionOutbox: 'focusroom_session_outbox',
  /** Which tab played the completion chime, so two open tabs chime once. */
  timerChimed: 'focusroom_timer_chimed',
  /** Which tab played the one-minute-left chime of a phase, so two open tabs chime once. */
  timerWarned: 'focusroom_timer_warned',
  /** A visitor's pomodoros completed today, `{ day: 'YYYY-MM-DD', count }` (the daily goal). */
  goalDay: 'focusroom_goal_day',
  /**
   * A visitor's set-up on its way into the account just signed in to (decision 051): kept until it
   * is carried or declined, so a reload neither loses nor repeats it.
   */
  carryOver: 'focusroom_carry_over',
  /** Only the accuracy benchmark sets this: it turns the Worker pulse off to measure without it. */
  benchNoWorkerPulse: 'focusroom_bench_no_worker_pulse',
  /** The language a visitor chose (a signed-in user's is in their settings too). */
  language: 'focusroom_language',
  /**
   * Presses on the account's one timer the server has not answered yet, `{ userId, presses }`
   * (issue 33): an offline device replays them when it is back, in order.
   */
  timerPresses: 'focusroom_timer_presses',
  /** This browser's id on the live channel: its tabs count as one device. */
  browserId: 'focusroom_browser_id',
  /**
   * This browser's device among the account's push alarm receivers (issue 33),
   * `{ userId, id, endpoint }`: the id PUT /api/push/devices answered, for whom, for which push
   * address. Kept at sign-out until the alarms feature has unsubscribed this browser.
   */
  pushDeviceId: 'focusroom_push_device',
} as const;
