import type { Db } from '../../db/index.js';
import type { PushDevicesTable, PushScheduleTable } from '../../db/schema-push.js';

export type PushDeviceRow = PushDevicesTable;
export type PushScheduleRow = PushScheduleTable;

/** Named queries on the push module's tables (migration 0015). Times are ISO-8601 strings. */
export class PushRepository {
  constructor(private readonly db: Db) {}

  listDevices(userId: string): Promise<PushDeviceRow[]> {
    return this.db
      .selectFrom('push_devices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async countDevices(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('push_devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  findByEndpoint(endpoint: string): Promise<PushDeviceRow | undefined> {
    return this.db
      .selectFrom('push_devices')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
  }

  async insertDevice(row: PushDeviceRow): Promise<boolean> {
    const result = await this.db
      .insertInto('push_devices')
      .values(row)
      .onConflict((oc) => oc.column('endpoint').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** A browser subscribed again (new keys) or under another account: it becomes `row`'s. */
  async replaceDevice(
    id: string,
    row: Omit<PushDeviceRow, 'id' | 'created_at' | 'last_sent_at' | 'last_test_at'>,
  ): Promise<void> {
    await this.db.updateTable('push_devices').set(row).where('id', '=', id).execute();
  }

  async removeDevice(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_devices')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async forgetDevice(id: string): Promise<void> {
    await this.db.deleteFrom('push_devices').where('id', '=', id).execute();
  }

  async markSent(ids: readonly string[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('push_devices')
      .set({ last_sent_at: at })
      .where('id', 'in', ids)
      .execute();
  }

  /** Records a test alarm unless one went to the device since `since`; false then. */
  async claimTest(userId: string, id: string, at: string, since: string): Promise<boolean> {
    const result = await this.db
      .updateTable('push_devices')
      .set({ last_test_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_test_at', 'is', null), eb('last_test_at', '<=', since)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  findDevice(userId: string, id: string): Promise<PushDeviceRow | undefined> {
    return this.db
      .selectFrom('push_devices')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The account's next alarm, as computed from timer `version`: written unless a row from a later
   * version is there already (two writes in flight on two instances).
   */
  async schedule(row: Omit<PushScheduleRow, 'claimed_until'>): Promise<void> {
    await this.db
      .insertInto('push_schedule')
      .values({ ...row, claimed_until: null })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({
            timer_version: row.timer_version,
            due_at: row.due_at,
            phase_key: row.phase_key,
            claimed_until: null,
          })
          // Strictly older: the same version again (a device added) must not clear another
          // instance's claim or a retry's time.
          .where('push_schedule.timer_version', '<', row.timer_version),
      )
      .execute();
  }

  /** No alarm ahead (the timer is idle or paused), unless a later version scheduled one. */
  async unschedule(userId: string, version: number): Promise<void> {
    await this.db
      .deleteFrom('push_schedule')
      .where('user_id', '=', userId)
      .where('timer_version', '<=', version)
      .execute();
  }

  /** Alarms due by `now` that no instance holds (or whose holder's lease ran out). */
  due(now: string, limit: number): Promise<PushScheduleRow[]> {
    return this.db
      .selectFrom('push_schedule')
      .selectAll()
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('due_at')
      .limit(limit)
      .execute();
  }

  /** Takes a due alarm until `until`; false when another instance took it first. */
  async claim(row: PushScheduleRow, now: string, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('push_schedule')
      .set({ claimed_until: until })
      .where('user_id', '=', row.user_id)
      .where('phase_key', '=', row.phase_key)
      .where('timer_version', '=', row.timer_version)
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * After handling `row`: the next alarm (an auto-started phase's end, or the same one later to
   * try again), or none. Only over the row as claimed: a timer change meanwhile wrote its own.
   */
  async moveOn(
    row: PushScheduleRow,
    next: { due_at: string; phase_key: string } | null,
  ): Promise<void> {
    const claimed = this.db
      .updateTable('push_schedule')
      .where('user_id', '=', row.user_id)
      .where('phase_key', '=', row.phase_key)
      .where('timer_version', '=', row.timer_version);
    if (next) {
      await claimed.set({ ...next, claimed_until: null }).execute();
      return;
    }
    await this.db
      .deleteFrom('push_schedule')
      .where('user_id', '=', row.user_id)
      .where('phase_key', '=', row.phase_key)
      .where('timer_version', '=', row.timer_version)
      .execute();
  }

  /**
   * Marks the alarm of `phaseKey` as being sent to each device; answers the devices it is now
   * this caller's to send to: those never marked, and those whose mark was never confirmed and
   * dates from before `staleBefore` (the instance that made it died mid-send).
   */
  async claimSent(
    deviceIds: readonly string[],
    phaseKey: string,
    at: string,
    staleBefore: string,
  ): Promise<Set<string>> {
    if (deviceIds.length === 0) return new Set();
    const inserted = await this.db
      .insertInto('push_sent')
      .values(
        deviceIds.map((id) => ({
          device_id: id,
          phase_key: phaseKey,
          claimed_at: at,
          sent_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['device_id', 'phase_key']).doNothing())
      .returning('device_id')
      .execute();
    const taken = await this.db
      .updateTable('push_sent')
      .set({ claimed_at: at })
      .where('phase_key', '=', phaseKey)
      .where('device_id', 'in', deviceIds)
      .where('sent_at', 'is', null)
      .where('claimed_at', '<', staleBefore)
      .returning('device_id')
      .execute();
    return new Set([...inserted, ...taken].map((row) => row.device_id));
  }

  /** The alarm of `phaseKey` reached these devices' push services (or never will): done. */
  async confirmSent(deviceIds: readonly string[], phaseKey: string, at: string): Promise<void> {
    if (deviceIds.length === 0) return;
    await this.db
      .updateTable('push_sent')
      .set({ sent_at: at })
      .where('phase_key', '=', phaseKey)
      .where('device_id', 'in', deviceIds)
      .execute();
  }

  /** The sends failed: the alarm may go to these devices on a later try. */
  async unclaimSent(deviceIds: readonly string[], phaseKey: string): Promise<void> {
    await this.db
      .deleteFrom('push_sent')
      .where('device_id', 'in', deviceIds)
      .where('phase_key', '=', phaseKey)
      .where('sent_at', 'is', null)
      .execute();
  }

  /** Forgets alarms sent before `before` (they can no longer be sent twice: too late). */
  async pruneSent(before: string): Promise<void> {
    await this.db.deleteFrom('push_sent').where('claimed_at', '<', before).execute();
  }
}
