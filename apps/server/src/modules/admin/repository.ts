import type { Db } from '../../db/index.js';
import type { AuditLogTable } from '../../db/schema-admin.js';

export type AuditRow = AuditLogTable;

/** Appends one audit row with `trx`, the transaction of the action it records. */
export async function insertAuditRow(trx: Db, row: AuditRow): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

/**
 * The admin module's own table, the audit log. Every other figure the admin area shows is
 * answered by the module that owns it, through its service (decision 068).
 */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  /** A page of the audit log, newest first, and the total. */
  async listAudit(limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n ?? 0) };
  }
}
