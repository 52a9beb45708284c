import { ID_PATTERN } from '@focusroom/core';
import type { SessionKey } from './sessions-repository.js';

/** The fixed-width UTC form every stored time has (see db/README.md). */
const STORED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An opaque page cursor: the last session's (start_time, id), base64url-encoded JSON. */
export function encodeCursor(key: SessionKey): string {
  return Buffer.from(JSON.stringify([key.start_time, key.id]), 'utf8').toString('base64url');
}

/** The key a cursor names, or undefined for anything this server did not make. */
export function decodeCursor(cursor: string): SessionKey | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [startTime, id] = value as unknown[];
    if (typeof startTime !== 'string' || !STORED_INSTANT.test(startTime)) return undefined;
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) return undefined;
    return { start_time: startTime, id };
  } catch {
    return undefined;
  }
}
