import type { StatsResponseJson } from '@focusroom/core/schemas';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { AppContext } from '../src/context.js';
import type { AuthContext } from '../src/modules/auth/service.js';
import type { RollupRepository } from '../src/modules/pomodoro/rollups.js';
import { ifNoneMatchIncludes } from '../src/lib/revalidation.js';
import { STATS_TAG_FORMAT, StatsService, statsTag } from '../src/modules/pomodoro/stats-service.js';
import { securityHeadersFor } from '../src/plugins/security.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const STATS_URL = '/api/pomodoro/stats';

async function getStats(app: App, token: string, ifNoneMatch?: string, tz?: string) {
  const headers: Record<string, string> = { ...bearer(token) };
  if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
  return app.inject({
    method: 'GET',
    url: `${STATS_URL}${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`,
    headers,
  });
}

/** A 200 with a tag: the tag. */
async function freshTag(app: App, token: string, ifNoneMatch?: string, tz?: string) {
  const response = await getStats(app, token, ifNoneMatch, tz);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<StatsResponseJson>().activityHeatmap).toHaveLength(365);
  const etag = response.headers.etag;
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
  return etag as string;
}

/** A 304 for `sent`, naming `etag` (the tag inside `sent`) again. */
async function expectNotModified(app: App, token: string, etag: string, tz?: string, sent = etag) {
  const response = await getStats(app, token, sent, tz);
  expect(response.statusCode, response.body).toBe(304);
  expect(response.body).toBe('');
  expect(response.headers.etag).toBe(etag);
  return response;
}

async function record(app: App, token: string, start: string, minutes: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/pomodoro/sessions',
    headers: bearer(token),
    payload: {
      duration: minutes,
      task: 'Focus',
      completed: true,
      start_time: start,
      end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

describe('the statistics tag', () => {
  it('hides the user id and zone and changes with every part of the key and the format', () => {
    const key = 'c0ffee00-1111-4222-8333-444455556666 Europe/Paris 2026-11-22 7';
    const tag = statsTag(key);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(tag).not.toContain('c0ffee');
    expect(tag).not.toContain('Paris');
    expect(statsTag(key)).toBe(tag);
    for (const other of [
      'c0ffee00-1111-4222-8333-444455556667 Europe/Paris 2026-11-22 7',
      'c0ffee00-1111-4222-8333-444455556666 Europe/Berlin 2026-11-22 7',
      'c0ffee00-1111-4222-8333-444455556666 Europe/Paris 2026-11-23 7',
      'c0ffee00-1111-4222-8333-444455556666 Europe/Paris 2026-11-22 8',
    ]) {
      expect(statsTag(other)).not.toBe(tag);
    }
    expect(STATS_TAG_FORMAT).toBeGreaterThanOrEqual(1);
  });

  it('matches If-None-Match lists weakly, and nothing unreadable', () => {
    const tag = statsTag('u UTC 2026-11-22 1');
    const opaque = tag.slice(2);
    expect(ifNoneMatchIncludes(tag, tag)).toBe(true);
    expect(ifNoneMatchIncludes(opaque, tag)).toBe(true);
    expect(ifNoneMatchIncludes(`"x", ${tag} ,"y"`, tag)).toBe(true);
    expect(ifNoneMatchIncludes(' * ', tag)).toBe(true);
    for (const header of [
      undefined,
      '',
      'garbage',
      `${opaque}x`,
      `x${opaque}`,
      opaque.slice(0, -1),
      `W/${opaque.slice(1, -1)}`,
      `"a", *`,
      `${'"'.repeat(8000)}`,
      `${opaque.slice(0, 10)},${opaque.slice(10)}`,
    ]) {
      expect(ifNoneMatchIncludes(header, tag), String(header)).toBe(false);
    }
  });

  it('answers a matching tag after only the version lookup: no totals read, nothing computed', async () => {
    const calls: string[] = [];
    const unexpected = (name: string) => () => {
      calls.push(name);
      throw new Error(`${name} was called`);
    };
    const rollups = {
      state: (userId: string) => {
        calls.push(`state ${userId}`);
        return Promise.resolve({ zone: 'UTC', version: 3 });
      },
      read: unexpected('read'),
      rebuild: unexpected('rebuild'),
      aggregate: unexpected('aggregate'),
    } as unknown as RollupRepository;
    const ctx = { clock: { now: () => new Date('2026-11-22T12:00:00Z') } } as AppContext;
    const auth = { user: { id: 'u1', time_zone: null } } as unknown as AuthContext;
    const service = new StatsService(ctx, rollups);
    const tag = statsTag('u1 UTC 2026-11-22 3');
    expect(await service.stats(auth, undefined, tag)).toEqual({ etag: tag, json: null });
    expect(calls).toEqual(['state u1']);
    await expect(service.stats(auth, undefined, statsTag('u1 UTC 2026-11-22 2'))).rejects.toThrow(
      'read was called',
    );
  });
});

describe.each(DIALECTS)('statistics revalidation on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('tags a 200 and answers the same tag with an empty 304 carrying the security headers', async () => {
    const { app, clock } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token, user } = await register(app);
    const empty = await freshTag(app, token);
    await expectNotModified(app, token, empty);
    await record(app, token, '2026-11-22T09:00:00Z', 25);
    const etag = await freshTag(app, token, empty);
    expect(etag).not.toContain(user.id);
    const notModified = await expectNotModified(app, token, etag);
    for (const [name, value] of Object.entries(securityHeadersFor(STATS_URL))) {
      expect(notModified.headers[name], name).toBe(value);
    }
    expect(notModified.headers['cache-control']).toBe('no-store');
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.headers['content-type']).toBeUndefined();
    // A list holding the tag, and the tag sent strong, match too (weak comparison).
    await expectNotModified(app, token, etag, undefined, `"someone-else", ${etag}`);
    await expectNotModified(app, token, etag, undefined, etag.slice(2));
  });

  it('gives a new tag after a session is written, edited or deleted', async () => {
    const { app, clock } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    const session = await record(app, token, '2026-11-22T09:00:00Z', 25);
    const seen = new Set<string>();
    let etag = await freshTag(app, token);
    seen.add(etag);
    const writes = [
      () => record(app, token, '2026-11-21T09:00:00Z', 30),
      () =>
        app.inject({
          method: 'PUT',
          url: `/api/pomodoro/sessions/${session.id}`,
          headers: bearer(token),
          payload: { duration: 40 },
        }),
      () =>
        app.inject({
          method: 'DELETE',
          url: `/api/pomodoro/sessions/${session.id}`,
          headers: bearer(token),
        }),
    ];
    for (const write of writes) {
      await write();
      etag = await freshTag(app, token, etag);
      expect(seen.has(etag)).toBe(false);
      seen.add(etag);
      await expectNotModified(app, token, etag);
    }
  });

  it('gives a new tag when the zone changes and when the local day turns', async () => {
    const { app, clock } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    await record(app, token, '2026-11-22T09:00:00Z', 25);
    const utc = await freshTag(app, token);

    const profile = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(token),
      payload: { time_zone: 'Asia/Tokyo' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const rebuilt = await freshTag(app, token, utc);
    expect(rebuilt).not.toBe(utc);
    // That read rebuilt the rollup in Tokyo, which raised its version after the tag was made:
    // one more full answer, then the tag holds.
    const tokyo = await freshTag(app, token, rebuilt);
    await expectNotModified(app, token, tokyo);
    // Another zone asked for by ?tz= has its own tag.
    const paris = await freshTag(app, token, tokyo, 'Europe/Paris');
    await expectNotModified(app, token, paris, 'Europe/Paris');

    // 12:00 UTC is 21:00 in Tokyo: three hours on, Tokyo's day turns and Paris's does not.
    clock.advanceHours(3);
    const tokyoTomorrow = await freshTag(app, token, tokyo);
    expect(tokyoTomorrow).not.toBe(tokyo);
    await expectNotModified(app, token, paris, 'Europe/Paris');
    clock.advanceHours(10); // 01:00 in Paris on the 23rd
    expect(await freshTag(app, token, paris, 'Europe/Paris')).not.toBe(paris);
  });

  it("never matches another user's tag, even with the same zone, day and no sessions", async () => {
    const { app, clock } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const first = await register(app);
    const second = await register(app);
    const firstEmpty = await freshTag(app, first.token);
    expect(await freshTag(app, second.token, firstEmpty)).not.toBe(firstEmpty);
    await record(app, first.token, '2026-11-22T09:00:00Z', 25);
    await record(app, second.token, '2026-11-22T09:00:00Z', 25);
    const firstTag = await freshTag(app, first.token);
    expect(await freshTag(app, second.token, firstTag)).not.toBe(firstTag);
  });

  it('answers a garbage or huge If-None-Match with a full 200', async () => {
    const { app, clock } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    await record(app, token, '2026-11-22T09:00:00Z', 25);
    const etag = await freshTag(app, token);
    for (const header of [
      '',
      ' ',
      'garbage',
      'W/',
      'W/""',
      '""',
      ',,,,',
      '"a", *',
      `${etag}x`,
      etag.slice(0, -2),
      `W/"${'A'.repeat(8000)}"`,
      Array.from({ length: 500 }, (_, i) => `W/"tag-${i}"`).join(', '),
      '\u00ff\u00fe"',
    ]) {
      expect(await freshTag(app, token, header), header.slice(0, 40)).toBe(etag);
    }
  });

  it('answers a tag from another instance with a 304 (the tag is the data, not the process)', async () => {
    const first = await apps.make();
    first.clock.advance(Date.parse('2026-11-22T12:00:00Z') - first.clock.now().getTime());
    const second = await apps.make({ clock: first.clock });
    const { token } = await register(first.app);
    await record(first.app, token, '2026-11-22T09:00:00Z', 25);
    const etag = await freshTag(first.app, token);
    await expectNotModified(second.app, token, etag);
    await record(second.app, token, '2026-11-22T10:00:00Z', 25);
    expect(await freshTag(first.app, token, etag)).not.toBe(etag);
  });

  it('documents the If-None-Match header and the 304 in OpenAPI', async () => {
    const { app } = await apps.make();
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{
      paths: Record<string, { get: { parameters?: { in: string; name: string }[] } & object }>;
    }>();
    const route = doc.paths['/api/pomodoro/stats']!.get as {
      parameters?: { in: string; name: string }[];
      responses: Record<string, unknown>;
    };
    expect(route.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'if-none-match' }),
    );
    expect(Object.keys(route.responses)).toEqual(
      expect.arrayContaining(['200', '304', '400', '401']),
    );
  });
});
