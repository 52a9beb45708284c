import type { LiveDevice } from '@focusroom/core';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Where this tab's live channel stands (issue 33), apart from the sync itself so that the
 * page's indicator does not bring the sync into the first load of `/` (a visitor never runs it).
 */

/** Connecting, live, or down (and trying again). */
export type LiveChannelState = 'connecting' | 'live' | 'offline';

export interface LiveStatus {
  /** Whether this tab follows the account's timer (signed in), so there is anything to show. */
  active: boolean;
  channel: LiveChannelState;
  /** The account's devices with a channel open, this one included, once the server said. */
  devices: LiveDevice[];
}

export const IDLE_LIVE_STATUS: LiveStatus = { active: false, channel: 'connecting', devices: [] };

/** The tab's one live status: written by shared-timer-sync.ts, read by live-indicator.tsx. */
export const liveStatus: StoreApi<LiveStatus> = createStore<LiveStatus>()(() => IDLE_LIVE_STATUS);
