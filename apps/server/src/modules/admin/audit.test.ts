import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.js';
import { TestClock } from '../../../test/support/clock.js';
import type { ModerationRecord } from '../themes/service.js';
import {
  CLI_ACTOR_NAME,
  reportDismissalAudit,
  themeAudit,
  toAuditJson,
  writeAudit,
} from './audit.js';
import type { AuditRow } from './repository.js';

/** A transaction that only records the audit rows inserted through it. */
function recordingTrx(): { trx: Db; rows: AuditRow[] } {
  const rows: AuditRow[] = [];
  const trx = {
    insertInto: (table: string) => {
      expect(table).toBe('audit_log');
      return { values: (row: AuditRow) => ({ execute: async () => void rows.push(row) }) };
    },
  } as unknown as Db;
  return { trx, rows };
}

type Before = Parameters<ModerationRecord>[1];
const theme = (username: string | null) => ({ id: 't1', name: 'Dusk', username }) as Before;
const admin = { kind: 'admin', id: 'a1', username: 'root', ip: '203.0.113.9' } as const;

describe('audit rows', () => {
  it('names the admin, the address and the time; the command line by its name', async () => {
    const clock = new TestClock('2031-03-03T09:00:00.000Z');
    const { trx, rows } = recordingTrx();
    const target = { type: 'user', id: 'u1', label: 'sam' } as const;
    await writeAudit(trx, clock, admin, 'user.verify', target);
    await writeAudit(trx, clock, { kind: 'cli' }, 'user.grant_admin', target);
    expect(rows[0]).toMatchObject({
      actor_id: 'a1',
      actor_username: 'root',
      ip: '203.0.113.9',
      action: 'user.verify',
      target_type: 'user',
      target_id: 'u1',
      target_label: 'sam',
      details: null,
      created_at: '2031-03-03T09:00:00.000Z',
    });
    expect(rows[1]).toMatchObject({ actor_id: null, actor_username: CLI_ACTOR_NAME, ip: null });
  });

  it("records a theme action with the theme's owner and the details given", async () => {
    const clock = new TestClock();
    const { trx, rows } = recordingTrx();
    await themeAudit(clock, admin, 'theme.hide', { reason: 'spam' })(trx, theme('sam'));
    await themeAudit(clock, admin, 'standard_theme.delete')(trx, theme(null));
    expect(rows.map((r) => [r.action, r.target_type, r.target_id, r.target_label])).toEqual([
      ['theme.hide', 'theme', 't1', 'Dusk'],
      ['standard_theme.delete', 'theme', 't1', 'Dusk'],
    ]);
    expect(rows.map((r) => r.details)).toEqual(['{"owner":"sam","reason":"spam"}', '{}']);
  });

  it("records a report's dismissal as the report, labelled with its theme", async () => {
    const { trx, rows } = recordingTrx();
    await reportDismissalAudit(new TestClock(), admin, 'r1')(trx, theme('sam'));
    expect(rows[0]).toMatchObject({
      action: 'report.dismiss',
      target_type: 'report',
      target_id: 'r1',
      target_label: 'Dusk',
      details: '{"theme_id":"t1"}',
    });
  });

  it('answers details that no longer parse as null', () => {
    const row = { id: 'x', details: '{not json' } as AuditRow;
    expect(toAuditJson(row).details).toBeNull();
    expect(toAuditJson({ ...row, details: '{"a":1}' }).details).toEqual({ a: 1 });
  });
});
