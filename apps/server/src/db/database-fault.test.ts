import { describe, expect, it } from 'vitest';
import { databaseFault } from './index.js';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('databaseFault', () => {
  it('calls SQLite out of space or failing storage full', () => {
    expect(databaseFault(withCode('SQLITE_FULL', 'database or disk is full'))).toBe('full');
    expect(databaseFault(withCode('SQLITE_IOERR_WRITE'))).toBe('full');
    expect(databaseFault(withCode('SQLITE_IOERR_SHMSIZE'))).toBe('full');
    expect(databaseFault(withCode('53100', 'could not extend file'))).toBe('full');
  });

  it('calls a database that cannot be reached, is restarting or is out of connections unreachable', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006']) {
      expect(databaseFault(withCode(code)), code).toBe('unreachable');
    }
    expect(databaseFault(withCode('53300', 'too many clients already'))).toBe('unreachable');
    expect(databaseFault(withCode('SQLITE_BUSY'))).toBe('unreachable');
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('unreachable');
    expect(
      databaseFault(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe('unreachable');
  });

  it('leaves the request’s own faults and bugs alone, so they stay 4xx or 500', () => {
    expect(databaseFault(withCode('23505', 'duplicate key'))).toBeUndefined();
    expect(databaseFault(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBeUndefined();
    expect(databaseFault(withCode('SQLITE_ERROR', 'no such table'))).toBeUndefined();
    expect(databaseFault(withCode('22023', 'time zone "Mars" not recognized'))).toBeUndefined();
    expect(databaseFault(new TypeError('x is undefined'))).toBeUndefined();
    expect(databaseFault('Connection terminated unexpectedly')).toBeUndefined();
    expect(databaseFault(undefined)).toBeUndefined();
  });
});
