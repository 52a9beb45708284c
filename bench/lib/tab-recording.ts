/** The shape of bench/results/tab-requests.json, written by bench/record-tab.ts (decision 062). */

/** Route ("GET /api/themes/lists", query keys kept) -> status -> count (or count per minute). */
export type RouteCounts = Record<string, Record<string, number>>;

export interface TabRecording {
  recordedAt: string;
  chromium: string;
  minutesPerState: number;
  /** A page left open in a state: requests per minute. */
  states: Record<string, { minutes: number; perMinute: RouteCounts }>;
  /** Something that happens once (a login, a reload): the requests it made. */
  events: Record<string, RouteCounts>;
}
