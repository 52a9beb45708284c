import type { Session } from '@focusroom/core/schemas';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { AccountExportService, type AccountExportSources } from './export-service.js';

const USER = { id: 'u1' } as UserRow;

function session(n: number): Session {
  return {
    id: `s${n}`,
    duration: 25,
    task: `Task ${n}`,
    completed: true,
    created_at: '2026-01-01T00:00:00.000Z',
    start_time: '2026-01-01T00:00:00.000Z',
    end_time: '2026-01-01T00:25:00.000Z',
    client_id: null,
  };
}

/** Sources whose sessions come in `pages` pages of 2, and whose playlists stream in 3 chunks. */
function sources(events: string[], pages: number): AccountExportSources {
  return {
    settings: { get: async () => ({}) as never },
    timer: { get: async () => ({}) as never },
    todos: { list: async () => [] },
    push: { list: async () => [] },
    themes: {
      listOwned: async () => [],
      getPreference: async () => ({}) as never,
      reportsBy: async () => [],
    },
    connections: { connections: async () => [] },
    playlists: {
      listJson: async () =>
        Readable.from(
          (function* () {
            for (const chunk of ['[', '{"id":"p1"}', ']']) {
              events.push('chunk');
              yield chunk;
            }
          })(),
        ),
    },
    sessions: {
      page: async (_userId, query) => {
        events.push('page');
        const index = query.cursor === undefined ? 0 : Number(query.cursor);
        return {
          sessions: [session(index * 2), session(index * 2 + 1)],
          nextCursor: index + 1 < pages ? String(index + 1) : undefined,
        };
      },
    },
  };
}

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('AccountExportService', () => {
  it('writes every page of sessions in order, as one JSON document', async () => {
    const events: string[] = [];
    const service = new AccountExportService(
      { clock: { now: () => new Date('2026-11-23T10:00:00Z') } },
      { toJson: () => ({ id: 'u1' }) as never },
      sources(events, 3),
    );
    const { fileName, body } = await service.exportFor(USER);
    expect(fileName).toBe('focusroom-export-2026-11-23.json');
    const document = JSON.parse(await text(body));
    expect(document.sessions.map((s: Session) => s.id)).toEqual([
      's0',
      's1',
      's2',
      's3',
      's4',
      's5',
    ]);
    expect(document.playlists).toEqual([{ id: 'p1' }]);
  });

  it('lets other work run between pages of sessions and chunks of playlists', async () => {
    const events: string[] = [];
    const service = new AccountExportService(
      { clock: { now: () => new Date() } },
      { toJson: () => ({}) as never },
      sources(events, 4),
    );
    const { body } = await service.exportFor(USER);
    // Another request's work: one mark per turn of the event loop while the export is read.
    let reading = true;
    const tick = () => {
      events.push('tick');
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    await text(body);
    reading = false;
    const reads = events.filter((event) => event !== 'tick');
    expect(reads).toEqual(['chunk', 'chunk', 'chunk', 'page', 'page', 'page', 'page']);
    // No two pages follow each other without a turn for other work in between.
    const pageRuns = events.join(',').match(/page,page/g);
    expect(pageRuns).toBeNull();
  });
});
