/** Tables of the admin module; joined into Database in schema.ts. Same column rules as schema.ts. */

/**
 * One row per admin action (product §6), written in the same transaction as the action's
 * effect and never changed or deleted through the API. Actor and target are copied as they
 * were (username, theme name), so a row still reads right after either is deleted; actor_id is
 * null for the command line.
 */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_username: string;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string;
  ip: string | null;
  /** JSON object text, or null. */
  details: string | null;
  created_at: string;
}

export interface AdminTables {
  audit_log: AuditLogTable;
}
