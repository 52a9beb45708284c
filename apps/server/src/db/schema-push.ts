/**
 * Tables of the push module (migration 0015); joined into Database in schema.ts. Same column
 * rules as schema.ts (times are ISO-8601 UTC strings).
 */
export interface PushTables {
  push_devices: PushDevicesTable;
  push_schedule: PushScheduleTable;
  push_sent: PushSentTable;
}

/** A browser that receives its account's alarms: its push subscription (RFC 8030, RFC 8291). */
export interface PushDevicesTable {
  id: string;
  user_id: string;
  /** The push service's address for the browser: unique, a browser belongs to one account. */
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string;
  /** The browser's language when it subscribed: the alarms' language if the account has none. */
  language: string;
  created_at: string;
  last_sent_at: string | null;
  /** The last test alarm, so one is sent per device per PUSH_TEST_INTERVAL_MS. */
  last_test_at: string | null;
}

/**
 * The next alarm of an account with devices: one row per account, written with every change of
 * its timer (only for accounts that have a device). Every instance polls for rows due; one claims a row with a lease (`claimed_until`),
 * so a due alarm is handled once even with N instances, and again by another if the claimer dies.
 */
export interface PushScheduleTable {
  user_id: string;
  /** The timer version the row was computed from: an older write never replaces a newer one. */
  timer_version: number;
  /** When the phase ends (the poll's key); a retry moves it later. */
  due_at: string;
  /** `${startedAt}` of the phase that ends: with the user, it names the phase end once. */
  phase_key: string;
  claimed_until: string | null;
}

/**
 * An alarm being sent or sent: one per device and phase end, whichever instance sends it.
 * `sent_at` is null while it is being sent; a mark left unconfirmed past the claim time (its
 * instance died mid-send) is taken over by the next claimer.
 */
export interface PushSentTable {
  device_id: string;
  phase_key: string;
  claimed_at: string;
  sent_at: string | null;
}
