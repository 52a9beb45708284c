import { randomUUID } from 'node:crypto';
import {
  PRODUCT_NAME,
  PUSH_ACTION_START,
  PUSH_ACTION_TTL_MS,
  PUSH_LATE_LIMIT_MS,
  PUSH_MAX_DEVICES,
  PUSH_MESSAGES,
  PUSH_TEST_INTERVAL_MS,
  TIMER_NOTIFICATION_TAG,
  directionOf,
  isLocale,
  nextPhaseEnd,
  sharedTimerAt,
  type Completion,
  type Locale,
  type PhaseEnd,
  type PushAlarmPayload,
  type SharedTimerOutcome,
} from '@focusroom/core';
import type { PushDeviceJson } from '@focusroom/core/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { mailTranslations, requestLocale } from '../../mail/i18n.js';
import type { SharedTimerService, SharedTimerWrite } from '../shared-timer/service.js';
import type { UsersService } from '../users/service.js';
import { signPushAction, verifyPushAction } from './action-token.js';
import { isAllowedPushEndpoint } from './endpoints.js';
import { PUSH_ENDED, PUSH_NEXT, PUSH_START, PUSH_STARTED, PUSH_TEST } from './messages.js';
import { PushRepository, type PushDeviceRow, type PushScheduleRow } from './repository.js';
import { isUsableBrowserKey, type PushOutcome, type PushSend } from './sender.js';

/** How long an instance holds a due alarm before another may take it over (it died). */
const CLAIM_MS = 30_000;
/** A push service that failed is tried again this much later, while the alarm is not too late. */
const RETRY_MS = 10_000;
/** Due alarms read at a time; a poll reads again until none is left. */
const POLL_BATCH = 100;
/** Accounts whose alarms are in flight at once, per instance. */
const SEND_CONCURRENCY = 16;
/** How long the record of a sent alarm is kept (far beyond PUSH_LATE_LIMIT_MS). */
const SENT_KEPT_MS = 24 * 60 * 60_000;

/** The name of one phase end of an account: its type and when it first started. */
export function phaseKey(phase: Pick<Completion | PhaseEnd, 'finishedType' | 'startedAt'>): string {
  return `${phase.finishedType}:${phase.startedAt}`;
}

export interface PushDeviceInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  name: string;
}

/**
 * Web Push alarms (issue 33, decision 082). The account's timer is held by the server, so the
 * server knows when each phase ends: every write of the timer schedules the next alarm in the
 * database (`push_schedule`, one row per account), every instance polls for alarms due, one
 * claims each under a lease, and `push_sent` keeps each device to one alarm per phase end. A
 * restart loses nothing (the schedule is in the database) and an alarm the server could not send
 * in time (PUSH_LATE_LIMIT_MS) is dropped rather than sent late.
 */
export class PushService {
  private readonly repo: PushRepository;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private lastPrune = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      timer: Pick<SharedTimerService, 'current' | 'apply'>;
      users: Pick<UsersService, 'findById'>;
    },
    private readonly send: PushSend,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new PushRepository(ctx.db);
  }

  publicKey(): string {
    return this.ctx.config.push.publicKey;
  }

  async list(userId: string): Promise<PushDeviceJson[]> {
    return (await this.repo.listDevices(userId)).map(toJson);
  }

  /**
   * This browser receives the account's alarms from now on. A browser is one device: the same
   * endpoint again (new keys, a new name, or another account signed in on it) updates the one row.
   */
  async register(
    userId: string,
    input: PushDeviceInput,
    acceptLanguage: string | undefined,
  ): Promise<PushDeviceJson> {
    if (!isAllowedPushEndpoint(input.endpoint, this.ctx.config.push.extraServiceOrigins)) {
      throw badRequest(PUSH_MESSAGES.endpoint);
    }
    if (!isUsableBrowserKey(input.keys.p256dh)) throw badRequest(PUSH_MESSAGES.subscription);
    const fields = {
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      name: input.name,
      language: requestLocale(acceptLanguage),
    };
    let device: PushDeviceRow | undefined;
    for (let attempt = 0; attempt < 2 && !device; attempt++) {
      let existing = await this.repo.findByEndpoint(input.endpoint);
      if (existing && existing.user_id !== userId) {
        // Another account signed in on this browser: its alarms are this account's now, as a new
        // device (nothing of the other account's row carries over, not even its id).
        await this.repo.forgetDevice(existing.id);
        existing = undefined;
      }
      if (existing) {
        await this.repo.replaceDevice(existing.id, fields);
        device = { ...existing, ...fields };
        break;
      }
      if ((await this.repo.countDevices(userId)) >= PUSH_MAX_DEVICES) {
        throw conflict(PUSH_MESSAGES.tooMany);
      }
      const row = {
        ...fields,
        id: randomUUID(),
        created_at: this.nowIso(),
        last_sent_at: null,
        last_test_at: null,
      };
      // Two tabs of one browser subscribing at once: the second finds the first's row.
      if (await this.repo.insertDevice(row)) device = row;
    }
    if (!device) throw new Error('push device: lost the endpoint to another write twice');
    const { timer, settings } = await this.deps.timer.current(userId);
    await this.timerWritten({ userId, timer, settings, now: this.now() });
    return toJson(device);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repo.removeDevice(userId, id))) throw notFound(PUSH_MESSAGES.notFound);
  }

  /** A test alarm to one of the account's devices, at most one per PUSH_TEST_INTERVAL_MS. */
  async test(userId: string, id: string): Promise<void> {
    const device = await this.repo.findDevice(userId, id);
    if (!device) throw notFound(PUSH_MESSAGES.notFound);
    const now = this.now();
    const claimed = await this.repo.claimTest(
      userId,
      id,
      iso(now),
      iso(now - PUSH_TEST_INTERVAL_MS),
    );
    if (!claimed) {
      throw new HttpError(
        429,
        PUSH_MESSAGES.testTooSoon,
        {},
        {
          'retry-after': String(Math.ceil(PUSH_TEST_INTERVAL_MS / 1000)),
        },
      );
    }
    const locale = await this.localeOf(userId, device);
    const t = this.translator(locale);
    const payload: PushAlarmPayload = {
      kind: 'test',
      title: t(PUSH_TEST.title),
      body: t(PUSH_TEST.body),
      tag: TIMER_NOTIFICATION_TAG,
      lang: locale,
      dir: directionOf(locale),
      actions: [],
    };
    const outcome = await this.deliver(device, payload);
    if (outcome === 'gone') throw new HttpError(410, PUSH_MESSAGES.deviceGone);
    if (outcome !== 'sent') throw new HttpError(502, PUSH_MESSAGES.testFailed);
    await this.repo.markSent([device.id], this.nowIso());
  }

  /** A notification's button: starts the next phase, as the account's timer stands now. */
  async press(token: string): Promise<SharedTimerOutcome> {
    const now = this.now();
    const claims = await verifyPushAction(this.ctx.config.jwtSecret, token, now);
    const user = claims && (await this.deps.users.findById(claims.userId));
    if (!claims || !user || user.disabled_at) throw badRequest(PUSH_MESSAGES.actionExpired);
    const id = `push:${claims.phaseKey}`;
    const { outcomes } = await this.deps.timer.apply(claims.userId, [
      { id, device: id, baseVersion: claims.version, at: now, action: { type: 'start' } },
    ]);
    return outcomes[0]!;
  }

  /** Schedules the next alarm of a timer just written (SharedTimerService.onWritten). */
  async timerWritten({ userId, timer, settings, now }: SharedTimerWrite): Promise<void> {
    const end = nextPhaseEnd(timer, now, settings);
    if (!end) {
      await this.repo.unschedule(userId, timer.version);
      return;
    }
    // Only accounts with a device have alarms (adding one schedules from the timer as it is).
    if ((await this.repo.countDevices(userId)) === 0) return;
    await this.repo.schedule({
      user_id: userId,
      timer_version: timer.version,
      due_at: iso(end.at),
      phase_key: phaseKey(end),
    });
  }

  /** Polls for due alarms every `pollMs` until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.polling ??= this.poll()
        .catch((error: unknown) => this.log.error({ err: error }, 'push poll failed'))
        .finally(() => {
          this.polling = undefined;
        });
    }, this.ctx.config.push.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  /** One poll: every alarm due now that no other instance holds. Tests call it directly. */
  async poll(): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune > SENT_KEPT_MS / 24) {
      this.lastPrune = now;
      await this.repo.pruneSent(iso(now - SENT_KEPT_MS));
    }
    // Everyone's alarm at the same minute (a room, a class, a full hour) is read in batches until
    // none is left, with SEND_CONCURRENCY accounts in flight: no alarm waits for the next poll.
    for (;;) {
      const due = await this.repo.due(iso(this.now()), POLL_BATCH);
      let next = 0;
      const worker = async () => {
        while (next < due.length) {
          const row = due[next++]!;
          // One account's trouble (its device removed mid-send, say) is that account's: the row
          // stays claimed and is taken again when the claim runs out.
          await this.handle(row).catch((error: unknown) =>
            this.log.error(
              { err: error, user: row.user_id },
              'push: an alarm could not be handled',
            ),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, due.length) }, worker));
      if (due.length < POLL_BATCH) return;
    }
  }

  private async handle(row: PushScheduleRow): Promise<void> {
    const now = this.now();
    if (!(await this.repo.claim(row, iso(now), iso(now + CLAIM_MS)))) return;
    const { timer, settings } = await this.deps.timer.current(row.user_id);
    // The row's phase end and every one after it that is due by now (an auto-started break may
    // have ended while an alarm before it waited for a retry), each unless it is too late.
    const completions = sharedTimerAt(timer, now, settings).completions;
    const from = completions.findIndex((completion) => phaseKey(completion) === row.phase_key);
    const due = from < 0 ? [] : completions.slice(from);
    let retryKey: string | undefined;
    for (const completion of due) {
      if (now - completion.endedAt > PUSH_LATE_LIMIT_MS) continue;
      const failed = await this.announce(row.user_id, completion, timer.stateVersion, now);
      if (failed) retryKey ??= phaseKey(completion);
    }
    // The next phase end: an auto-started phase's, or the real one of a phase resumed later than
    // the row knew. A retry comes first, but never after it.
    const next = nextPhaseEnd(timer, now, settings);
    if (retryKey) {
      const at = Math.min(now + RETRY_MS, next?.at ?? Number.POSITIVE_INFINITY);
      await this.repo.moveOn(row, { due_at: iso(at), phase_key: retryKey });
      return;
    }
    await this.repo.moveOn(row, next && { due_at: iso(next.at), phase_key: phaseKey(next) });
  }

  /**
   * Sends one phase end to every device that has not had it; true when one must be retried.
   * Each device's alarm is marked before it is sent and confirmed after: a mark whose claimer
   * died before confirming is taken over once the claim has run out, so a crash neither loses
   * the alarm nor sends it twice while the first claimer lives.
   */
  private async announce(
    userId: string,
    ended: Completion,
    version: number,
    now: number,
  ): Promise<boolean> {
    const devices = await this.repo.listDevices(userId);
    if (devices.length === 0) return false;
    const user = await this.deps.users.findById(userId);
    // An account an admin disabled hears nothing until it is enabled again.
    if (!user || user.disabled_at) return false;
    const key = phaseKey(ended);
    const actionToken = ended.autoStart
      ? undefined
      : await signPushAction(
          this.ctx.config.jwtSecret,
          { userId, phaseKey: key, version },
          now,
          ended.endedAt + PUSH_ACTION_TTL_MS,
        );
    const claimed = await this.repo.claimSent(
      devices.map((device) => device.id),
      key,
      iso(now),
      iso(now - CLAIM_MS),
    );
    const results = await Promise.all(
      devices
        .filter((device) => claimed.has(device.id))
        .map(async (device) => {
          const locale = localeFor(user.language, device);
          const payload = phasePayload(this.translator(locale), locale, ended, actionToken);
          return { device, outcome: await this.deliver(device, payload) };
        }),
    );
    const ids = (wanted: PushOutcome[]) =>
      results.filter((result) => wanted.includes(result.outcome)).map((r) => r.device.id);
    // Refused is final too: the same alarm would be refused again.
    await this.repo.confirmSent(ids(['sent', 'refused']), key, iso(now));
    await this.repo.markSent(ids(['sent']), this.nowIso());
    const failed = ids(['failed']);
    if (failed.length > 0) await this.repo.unclaimSent(failed, key);
    return failed.length > 0;
  }

  /**
   * Sends one alarm. A device whose subscription has ended (404, 410) is forgotten; any other
   * refusal is ours to fix (a VAPID key or subject a push service will not take), so the device
   * stays and it is said at error level.
   */
  private async deliver(device: PushDeviceRow, payload: PushAlarmPayload): Promise<PushOutcome> {
    const outcome = await this.send(device, payload);
    if (outcome === 'gone') {
      await this.repo.forgetDevice(device.id);
      this.log.info({ device: device.id }, 'push subscription ended: device forgotten');
    } else if (outcome === 'refused') {
      this.log.error(
        { device: device.id, service: new URL(device.endpoint).host },
        'push service refused an alarm (check VAPID_SUBJECT and the VAPID keys)',
      );
    } else if (outcome === 'failed') {
      this.log.warn({ device: device.id }, 'push service could not take an alarm');
    }
    return outcome;
  }

  private async localeOf(userId: string, device: PushDeviceRow): Promise<Locale> {
    return localeFor((await this.deps.users.findById(userId))?.language, device);
  }

  private translator(locale: Locale) {
    const translations = mailTranslations();
    return (descriptor: Parameters<typeof translations.translate>[1]) =>
      translations.translate(locale, descriptor, { product: PRODUCT_NAME });
  }

  private now(): number {
    return this.ctx.clock.now().getTime();
  }

  private nowIso(): string {
    return iso(this.now());
  }
}

/** The alarm of a phase end: what ended, what comes next, and its button unless it started. */
function phasePayload(
  t: (descriptor: (typeof PUSH_ENDED)['pomodoro']) => string,
  locale: Locale,
  ended: Completion,
  actionToken: string | undefined,
): PushAlarmPayload {
  const next = ended.nextType;
  return {
    kind: 'phase-end',
    title: t(PUSH_ENDED[ended.finishedType]),
    body: t(ended.autoStart ? PUSH_STARTED[next] : PUSH_NEXT[next]),
    tag: TIMER_NOTIFICATION_TAG,
    lang: locale,
    dir: directionOf(locale),
    actions: actionToken ? [{ action: PUSH_ACTION_START, title: t(PUSH_START[next]) }] : [],
    ...(actionToken && { actionToken }),
  };
}

/** The account's language, else the browser's when it subscribed. */
function localeFor(accountLanguage: string | null | undefined, device: PushDeviceRow): Locale {
  if (isLocale(accountLanguage)) return accountLanguage;
  return isLocale(device.language) ? device.language : 'en';
}

function toJson(row: PushDeviceRow): PushDeviceJson {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastSentAt: row.last_sent_at };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
