import { describe, expect, it } from 'vitest';
import { backupFileName } from './messages.js';

describe('backupFileName', () => {
  it('names the UTC second the backup started, without characters some file systems refuse', () => {
    const at = new Date('2026-11-26T03:15:09.987Z');
    expect(backupFileName(at)).toBe('focusroom-20261126T031509Z.sqlite');
    expect(backupFileName(at, 'before-restore')).toBe(
      'focusroom-before-restore-20261126T031509Z.sqlite',
    );
  });

  it('sorts by name in the order the backups were made', () => {
    const times = ['2026-01-02T00:00:00Z', '2026-01-01T23:59:59Z', '2025-12-31T10:00:00Z'];
    const names = times.map((time) => backupFileName(new Date(time)));
    expect([...names].sort()).toEqual([...names].reverse());
  });
});
