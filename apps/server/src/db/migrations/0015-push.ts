import type { Kysely } from 'kysely';

/**
 * Web Push alarms (issue 33, decision 082): the devices that receive an account's alarms, the
 * next alarm of each account (polled by every instance, claimed under a lease), and the alarms
 * sent (one per device and phase end). Times are ISO-8601 UTC strings as everywhere (the poll
 * compares them as text, which orders them as time since all have the same form).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text')
    .addColumn('last_test_at', 'text')
    .execute();
  await db.schema.createIndex('push_devices_user').on('push_devices').column('user_id').execute();
  await db.schema
    .createTable('push_schedule')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('timer_version', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('phase_key', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema.createIndex('push_schedule_due').on('push_schedule').column('due_at').execute();
  await db.schema
    .createTable('push_sent')
    .addColumn('device_id', 'text', (c) =>
      c.notNull().references('push_devices.id').onDelete('cascade'),
    )
    .addColumn('phase_key', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('push_sent_pk', ['device_id', 'phase_key'])
    .execute();
  await db.schema
    .createIndex('push_sent_claimed_at')
    .on('push_sent')
    .column('claimed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_sent').execute();
  await db.schema.dropTable('push_schedule').execute();
  await db.schema.dropTable('push_devices').execute();
}
