import type { AdminAction, AdminTargetType } from '@focusroom/core';
import type { AuditEntry } from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { ModerationRecord } from '../themes/service.js';
import { insertAuditRow, type AuditRow } from './repository.js';

/** Who acts: a signed-in admin (with the address of the request), or the command line. */
export type Actor =
  { kind: 'admin'; id: string; username: string; ip: string | null } | { kind: 'cli' };

/** How the command line is named in the audit log. */
export const CLI_ACTOR_NAME = 'command line';

/** What one audit row says about its target. */
export interface AuditTarget {
  type: AdminTargetType;
  id: string;
  label: string;
  details?: Record<string, unknown>;
}

/** Writes one audit row with `trx`, the transaction of the action it records. */
export async function writeAudit(
  trx: Db,
  clock: Clock,
  actor: Actor,
  action: AdminAction,
  target: AuditTarget,
): Promise<void> {
  await insertAuditRow(trx, {
    id: uuidv7(),
    actor_id: actor.kind === 'admin' ? actor.id : null,
    actor_username: actor.kind === 'admin' ? actor.username : CLI_ACTOR_NAME,
    action,
    target_type: target.type,
    target_id: target.id,
    target_label: target.label,
    ip: actor.kind === 'admin' ? actor.ip : null,
    details: target.details ? JSON.stringify(target.details) : null,
    created_at: clock.now().toISOString(),
  });
}

/**
 * The audit writer a themes action runs inside its own transaction (decision 024): the theme
 * as it was before, its owner's username when it has one, and `details`.
 */
export function themeAudit(
  clock: Clock,
  actor: Actor,
  action: AdminAction,
  details?: Record<string, unknown>,
): ModerationRecord {
  return (trx, theme) =>
    writeAudit(trx, clock, actor, action, {
      type: 'theme',
      id: theme.id,
      label: theme.name,
      details: {
        ...(theme.username ? { owner: theme.username } : {}),
        ...details,
      },
    });
}

/** The audit writer of a report's dismissal: the report, labelled with its theme's name. */
export function reportDismissalAudit(
  clock: Clock,
  actor: Actor,
  reportId: string,
): ModerationRecord {
  return (trx, theme) =>
    writeAudit(trx, clock, actor, 'report.dismiss', {
      type: 'report',
      id: reportId,
      label: theme.name,
      details: { theme_id: theme.id },
    });
}

export function toAuditJson(row: AuditRow): AuditEntry {
  let details: Record<string, unknown> | null = null;
  if (row.details) {
    try {
      details = JSON.parse(row.details) as Record<string, unknown>;
    } catch {
      details = null;
    }
  }
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_username: row.actor_username,
    action: row.action as AdminAction,
    target_type: row.target_type as AdminTargetType,
    target_id: row.target_id,
    target_label: row.target_label,
    ip: row.ip,
    details,
    created_at: row.created_at,
  };
}
