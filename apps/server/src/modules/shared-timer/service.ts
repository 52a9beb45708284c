import {
  applySharedTimerRequests,
  newSharedTimer,
  sharedTimerSnapshot,
  type SharedTimer,
  type SharedTimerOutcome,
  type SharedTimerRequest,
  type TimerSettings,
} from '@focusroom/core';
import type { SharedTimerJson } from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import type { SharedTimerRow } from '../../db/schema.js';
import type { SettingsService } from '../settings/service.js';
import { SharedTimerRepository } from './repository.js';

/**
 * How often a batch is applied again when another write to the same account came in between
 * (two devices pressing in the same few milliseconds, on this instance or another).
 */
const WRITE_ATTEMPTS = 8;

/** The broadcast topic of timer changes; the message is a SharedTimerChange as JSON. */
const SHARED_TIMER_TOPIC = 'shared-timer';

/** A timer this instance has just written, with the settings it was computed with. */
export interface SharedTimerWrite {
  userId: string;
  timer: SharedTimer;
  settings: TimerSettings;
  now: number;
}

/** One account's timer just after a change. */
export interface SharedTimerChange {
  userId: string;
  timer: SharedTimerJson;
}

/** The account's one timer, held here for every device (issue 33; the rules: core's shared-timer). */
export class SharedTimerService {
  private readonly repo: SharedTimerRepository;
  private readonly written: ((write: SharedTimerWrite) => void | Promise<void>)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: Pick<SettingsService, 'get'>,
  ) {
    this.repo = new SharedTimerRepository(ctx.db);
  }

  /** The timer as stored (a fresh one until a device changes it), with the server's clock. */
  async get(userId: string): Promise<SharedTimerJson> {
    const row = await this.repo.find(userId);
    const now = this.now();
    const timer = row ? readTimer(row) : undefined;
    return toJson(timer ?? newSharedTimer(await this.settings.get(userId), now), now);
  }

  /** The stored timer itself (a fresh one until a device changes it) and the account's settings. */
  async current(userId: string): Promise<{ timer: SharedTimer; settings: TimerSettings }> {
    const settings = await this.settings.get(userId);
    const row = await this.repo.find(userId);
    const timer = (row && readTimer(row)) ?? newSharedTimer(settings, this.now());
    return { timer, settings };
  }

  /**
   * Runs on this instance after each write of a timer by it, before the answer (the push module
   * schedules the next alarm from it). A listener that throws fails the press: keep them small.
   */
  onWritten(listener: (write: SharedTimerWrite) => void | Promise<void>): void {
    this.written.push(listener);
  }

  /** Applies a device's presses in order; answers the timer after them and each one's outcome. */
  async apply(
    userId: string,
    requests: readonly SharedTimerRequest[],
  ): Promise<{ timer: SharedTimerJson; outcomes: SharedTimerOutcome[] }> {
    const settings = await this.settings.get(userId);
    for (let attempt = 1; ; attempt++) {
      const row = await this.repo.find(userId);
      const now = this.now();
      const current = (row && readTimer(row)) ?? newSharedTimer(settings, now);
      const { timer, outcomes } = applySharedTimerRequests(current, requests, now, settings);
      if (timer === current) return { timer: toJson(timer, now), outcomes };
      if (await this.write(userId, row, timer, now)) {
        for (const listener of this.written) await listener({ userId, timer, settings, now });
        const json = toJson(timer, now);
        const change: SharedTimerChange = { userId, timer: json };
        await this.ctx.broadcast.publish(SHARED_TIMER_TOPIC, JSON.stringify(change));
        return { timer: json, outcomes };
      }
      if (attempt >= WRITE_ATTEMPTS) {
        throw new Error(`shared timer of ${userId}: ${WRITE_ATTEMPTS} writes lost to others`);
      }
    }
  }

  /**
   * Runs after every change of an account's timer, on every instance: with the account and its
   * timer as written, or with null when changes may have been missed (Redis was away), when the
   * timers of interest must be read again.
   */
  onChange(handler: (change: SharedTimerChange | null) => void): void {
    this.ctx.broadcast.subscribe(SHARED_TIMER_TOPIC, (message) => {
      if (message === null) return handler(null);
      const change = readChange(message);
      if (change) handler(change);
    });
  }

  private async write(
    userId: string,
    row: SharedTimerRow | undefined,
    timer: SharedTimer,
    now: number,
  ): Promise<boolean> {
    const stored = JSON.stringify(timer);
    const at = new Date(now).toISOString();
    return row
      ? this.repo.update(userId, row.revision, stored, at)
      : this.repo.insert(userId, stored, at);
  }

  private now(): number {
    return this.ctx.clock.now().getTime();
  }
}

/** The stored timer; undefined when the row cannot be read (the account then starts afresh). */
function readTimer(row: SharedTimerRow): SharedTimer | undefined {
  try {
    const timer = JSON.parse(row.timer) as SharedTimer;
    return typeof timer?.version === 'number' && timer.state ? timer : undefined;
  } catch {
    return undefined;
  }
}

function readChange(message: string): SharedTimerChange | undefined {
  try {
    const change = JSON.parse(message) as SharedTimerChange;
    return typeof change?.userId === 'string' && typeof change.timer?.version === 'number'
      ? change
      : undefined;
  } catch {
    return undefined;
  }
}

function toJson(timer: SharedTimer, now: number): SharedTimerJson {
  return { ...sharedTimerSnapshot(timer), serverNow: now };
}
