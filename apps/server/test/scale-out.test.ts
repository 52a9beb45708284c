// Two real server processes on one PostgreSQL database and one Redis, with nginx in front when
// it is installed (scripts/ensure-nginx.sh): what one instance does, the other sees at once
// (decision 036).
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_CLOSE } from '@focusroom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYouTube, type FakeYouTube } from './fakes/youtube.mjs';
import { PASSWORD, uniqueIdentity } from './support/accounts.js';
import { tempDir } from './support/app.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { connectLive } from './support/live-client.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import {
  call,
  freePort,
  hasRedisServer,
  nginxBinary,
  startNginx,
  startRedis,
  type OwnProcess,
} from './support/scale-out.js';
import { THEME_COLORS } from './support/theme-body.js';
import { needs } from './support/prerequisites.js';

const UNREACHABLE = 'Redis unreachable';
const REACHABLE_AGAIN = 'Redis reachable again';

describe.skipIf(!needs(hasRedisServer, 'redis-server'))(
  'two instances on one PostgreSQL and one Redis',
  () => {
    let database: TestDatabase;
    let redis: OwnProcess;
    let redisPort = 0;
    let fake: FakeYouTube;
    let one: ChildServer;
    let two: ChildServer;
    let nginx: (OwnProcess & { errorLog: () => string }) | undefined;
    /** Base URLs: each instance directly, and the proxy (the first instance without nginx). */
    let a = '';
    let b = '';
    let proxy = '';

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      if (database.config.kind !== 'postgres') throw new Error('expected PostgreSQL');
      redisPort = await freePort();
      redis = await startRedis(redisPort);
      fake = await startFakeYouTube();
      const env = {
        DATABASE_URL: database.config.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        JWT_SECRET: 'scale-out-test-secret-of-enough-length-0123456789',
        DATA_DIR: tempDir(),
        // Request lines are debug logs: the proxy test counts them per instance.
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'json',
        TRUST_PROXY: 'loopback',
        YOUTUBE_API_KEY: 'test-youtube-key',
        YOUTUBE_API_BASE: fake.baseUrl,
        YOUTUBE_OEMBED_BASE: fake.oembedBase,
        RATE_LIMIT_LOGIN_ACCOUNT: '3/15m',
        RATE_LIMIT_LOGIN_IP: '1000/15m',
        RATE_LIMIT_REGISTER_IP: '1000/1h',
      };
      one = startChildServer(env);
      two = startChildServer(env);
      [a, b] = await Promise.all([one.listening, two.listening]);
      proxy = a;
      if (nginxBinary) {
        const port = await freePort();
        nginx = await startNginx(nginxBinary, tempDir('focusroom-nginx-'), port, [
          one.port(),
          two.port(),
        ]);
        proxy = `http://127.0.0.1:${port}`;
      }
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop();
      one?.stop();
      two?.stop();
      await Promise.all([one?.exited, two?.exited]);
      await redis?.stop();
      await fake?.close();
      await database?.drop();
    }, 60_000);

    async function registered(base = proxy) {
      const identity = uniqueIdentity('scale');
      const response = await call(base, 'POST', '/api/auth/register', undefined, identity);
      expect(response.status, response.text).toBe(201);
      const body = response.json<{ token: string; user: { id: string } }>();
      return { identity, token: body.token, id: body.user.id };
    }

    async function loginAnswer(base: string, email: string, password: string) {
      return call(base, 'POST', '/api/auth/login', undefined, { email, password });
    }

    async function admin() {
      const user = await registered();
      await database.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', user.id)
        .execute();
      return user;
    }

    async function galleryIds(base: string, token: string): Promise<string[]> {
      const response = await call(base, 'GET', '/api/themes/custom/public', token);
      expect(response.status, response.text).toBe(200);
      return response.json<{ id: string }[]>().map((theme) => theme.id);
    }

    async function publicTheme(base: string, token: string): Promise<string> {
      const response = await call(base, 'POST', '/api/themes/custom', token, {
        name: 'Shared desk',
        ...THEME_COLORS,
        is_public: true,
      });
      expect(response.status, response.text).toBe(201);
      return response.json<{ id: string }>().id;
    }

    it.skipIf(!needs(nginxBinary !== undefined, 'nginx'))(
      'runs behind the proxy, which hands requests to both instances',
      async () => {
        if (!nginx) throw new Error('nginx did not start');
        // Round robin: consecutive requests reach both processes.
        for (let i = 0; i < 4; i += 1) {
          expect((await call(proxy, 'GET', '/api/health')).status).toBe(200);
        }
        const logged = (server: ChildServer) =>
          server
            .output()
            .stdout.split('\n')
            .filter((line) => line.includes('"/api/health"')).length;
        expect(logged(one)).toBeGreaterThan(0);
        expect(logged(two)).toBeGreaterThan(0);
        expect(nginx.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
      },
    );

    it('counts a rate limit across instances', async () => {
      const { identity } = await registered();
      // RATE_LIMIT_LOGIN_ACCOUNT=3/15m: three failures spread over both instances use it up.
      expect((await loginAnswer(a, identity.email, 'wrong-password-1')).status).toBe(401);
      expect((await loginAnswer(b, identity.email, 'wrong-password-2')).status).toBe(401);
      expect((await loginAnswer(a, identity.email, 'wrong-password-3')).status).toBe(401);
      for (const base of [b, a, proxy]) {
        const refused = await loginAnswer(base, identity.email, PASSWORD);
        expect(refused.status, refused.text).toBe(429);
      }
    });

    it('revokes on the other instance at once when one signs out', async () => {
      const { token } = await registered(a);
      // Both instances have verified (and remembered) the token.
      expect((await call(a, 'GET', '/api/auth/me', token)).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', token)).status).toBe(200);
      expect((await call(a, 'POST', '/api/auth/logout', token)).status).toBeLessThan(300);
      expect((await call(b, 'GET', '/api/auth/me', token)).status).toBe(401);
      expect((await call(proxy, 'GET', '/api/auth/me', token)).status).toBe(401);
    });

    describe('the live channel across instances (issue 33)', () => {
      async function tab(base: string, token: string, device: { id: string; label: string }) {
        const client = await connectLive(base);
        client.hello(token, device);
        await client.next('timer');
        return client;
      }

      it('brings a press made through one instance to a tab on the other within a second', async () => {
        const { token } = await registered(a);
        const onB = await tab(b, token, { id: 'phone', label: 'Phone' });
        const started = performance.now();
        const pressed = await call(a, 'POST', '/api/timer/actions', token, {
          requests: [
            {
              id: 'live-1',
              device: 'laptop',
              baseVersion: 0,
              at: Date.now(),
              action: { type: 'start' },
            },
          ],
        });
        expect(pressed.status, pressed.text).toBe(200);
        const seen = await onB.next('timer', { match: (m) => m.timer.version === 1 });
        expect(performance.now() - started).toBeLessThan(1_000);
        expect(seen.timer.state.status).toBe('running');
        onB.socket.close();
      });

      it("counts an account's devices on both instances, and forgets one that leaves", async () => {
        const { token } = await registered(a);
        const onA = await tab(a, token, { id: 'laptop', label: 'Laptop' });
        const onB = await tab(b, token, { id: 'phone', label: 'Phone' });
        const two = (m: { devices: unknown[] }) => m.devices.length === 2;
        await onA.next('devices', { match: two });
        await onB.next('devices', { match: two });
        const from = onA.messages.length;
        onB.socket.close();
        await onA.next('devices', { from, match: (m) => m.devices.length === 1 });
        onA.socket.close();
      });

      it('closes a tab on one instance within a second of signing out through the other', async () => {
        const { token } = await registered(a);
        const onB = await tab(b, token, { id: 'phone', label: 'Phone' });
        const started = performance.now();
        expect((await call(a, 'POST', '/api/auth/logout', token)).status).toBeLessThan(300);
        const { code, at } = await onB.closed;
        expect(code).toBe(LIVE_CLOSE.unauthorized);
        expect(at - started).toBeLessThan(1_000);
      });

      it.skipIf(!needs(nginxBinary !== undefined, 'nginx'))(
        'passes the channel through the proxy, both ways',
        async () => {
          const { token } = await registered();
          const viaProxy = await tab(proxy, token, { id: 'laptop', label: 'Laptop' });
          const onA = await tab(a, token, { id: 'phone', label: 'Phone' });
          const from = viaProxy.messages.length;
          const pressed = await call(b, 'POST', '/api/timer/actions', token, {
            requests: [
              {
                id: 'live-2',
                device: 'phone',
                baseVersion: 0,
                at: Date.now(),
                action: { type: 'start' },
              },
            ],
          });
          expect(pressed.status, pressed.text).toBe(200);
          await viaProxy.next('timer', { from, match: (m) => m.timer.version === 1 });
          viaProxy.send({ type: 'ping', sentAt: 7 });
          expect((await viaProxy.next('pong')).sentAt).toBe(7);
          viaProxy.socket.close();
          onA.socket.close();
        },
      );
    });

    it('shows a session written through one instance in statistics read through the other', async () => {
      const { token } = await registered();
      const stats = async (base: string) => {
        const response = await call(base, 'GET', '/api/pomodoro/stats', token);
        expect(response.status, response.text).toBe(200);
        return response.json<{ totalSessions: number }>().totalSessions;
      };
      // Each instance has an answer cached for the user.
      expect(await stats(a)).toBe(0);
      expect(await stats(b)).toBe(0);
      for (let i = 1; i <= 3; i += 1) {
        const writer = i % 2 === 1 ? a : b;
        const reader = i % 2 === 1 ? b : a;
        const end = Date.now() - i * 3_600_000;
        const written = await call(writer, 'POST', '/api/pomodoro/sessions', token, {
          duration: 25,
          completed: true,
          start_time: new Date(end - 25 * 60_000).toISOString(),
          end_time: new Date(end).toISOString(),
        });
        expect(written.status, written.text).toBe(201);
        expect(await stats(reader)).toBe(i);
        expect(await stats(proxy)).toBe(i);
      }
    });

    it('shares the search cache: one upstream call for both instances', async () => {
      fake.reset();
      const { token } = await registered();
      const first = await call(a, 'GET', '/api/music/search?q=Rain%20Sounds', token);
      expect(first.status, first.text).toBe(200);
      const second = await call(b, 'GET', '/api/music/search?q=rain%20sounds', token);
      expect(second.status, second.text).toBe(200);
      expect(second.text).toBe(first.text);
      expect(fake.callsTo('search')).toHaveLength(1);
    });

    it('makes an admin action take effect on every instance', async () => {
      const boss = await admin();
      const user = await registered();
      // The user's token works on both, and both have the gallery cached without their theme.
      expect((await call(a, 'GET', '/api/auth/me', user.token)).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', user.token)).status).toBe(200);
      await galleryIds(a, boss.token);
      await galleryIds(b, boss.token);

      // A theme published through one instance is in the other's gallery at once.
      const themeId = await publicTheme(a, user.token);
      expect(await galleryIds(b, boss.token)).toContain(themeId);

      // Hidden through the second instance: gone from the first's gallery at once.
      const hidden = await call(b, 'POST', `/api/admin/themes/${themeId}/hide`, boss.token, {});
      expect(hidden.status, hidden.text).toBe(200);
      expect(await galleryIds(a, boss.token)).not.toContain(themeId);
      expect(await galleryIds(b, boss.token)).not.toContain(themeId);

      // Disabled through one instance: signed out on the other, and no new sign-in anywhere.
      const disabled = await call(a, 'POST', `/api/admin/users/${user.id}/disable`, boss.token);
      expect(disabled.status, disabled.text).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', user.token)).status).toBe(401);
      for (const base of [a, b]) {
        expect((await loginAnswer(base, user.identity.email, PASSWORD)).status).not.toBe(200);
      }
    });

    /** A press on the account's timer through `base`, on top of `baseVersion`. */
    async function press(base: string, token: string, id: string, baseVersion: number) {
      const type = baseVersion % 2 === 0 ? 'start' : 'pause';
      const pressed = await call(base, 'POST', '/api/timer/actions', token, {
        requests: [{ id, device: 'laptop', baseVersion, at: Date.now(), action: { type } }],
      });
      expect(pressed.status, pressed.text).toBe(200);
    }

    /** A tab that has said hello through `base` and heard its first snapshot. */
    async function liveTab(base: string, token: string, id: string) {
      const client = await connectLive(base);
      client.hello(token, { id, label: id });
      await client.next('timer');
      return client;
    }

    // Last but one: it stops Redis.
    it('keeps serving with in-process limits while Redis is away, says so once, and shares again when it returns', async () => {
      const { identity, token } = await registered();
      // One tab on each instance, open through the outage.
      const live = await registered();
      const tabOnA = await liveTab(a, live.token, 'laptop');
      const tabOnB = await liveTab(b, live.token, 'phone');
      await redis.stop();
      // Reconnects keep failing for a while: one warning per instance however many.
      await sleep(2500);

      expect((await call(a, 'GET', '/api/auth/me', token)).status).toBe(200);
      expect((await call(b, 'GET', '/api/pomodoro/stats', token)).status).toBe(200);
      // The limit still holds, counted in each process (3 per instance here).
      for (let i = 0; i < 3; i += 1) {
        expect((await loginAnswer(a, identity.email, `wrong-${i}`)).status).toBe(401);
      }
      expect((await loginAnswer(a, identity.email, PASSWORD)).status).toBe(429);
      // Not over the other instance's count (the account is unverified, hence 403, not 429).
      expect((await loginAnswer(b, identity.email, PASSWORD)).status).toBe(403);

      // The search cache misses (one more upstream call) and search still answers.
      const searched = await call(a, 'GET', '/api/music/search?q=while%20redis%20is%20away', token);
      expect(searched.status, searched.text).toBe(200);

      const count = (server: ChildServer, text: string) =>
        server.output().stdout.split(text).length - 1;
      const redisWarnings = (server: ChildServer) =>
        server
          .output()
          .stdout.split('\n')
          .filter((line) => line.includes('"level":40') && /redis/i.test(line)).length;
      // Each instance still serves its own tabs: a press through A reaches the tab on A.
      let from = tabOnA.messages.length;
      await press(a, live.token, 'away-1', 0);
      await tabOnA.next('timer', { from, match: (m) => m.timer.version === 1 });

      for (const server of [one, two]) {
        expect(count(server, UNREACHABLE), server.output().stdout.slice(-2000)).toBe(1);
        expect(redisWarnings(server), server.output().stdout.slice(-2000)).toBe(1);
        expect(server.output().stderr).not.toContain('Unhandled error event');
      }

      redis = await startRedis(redisPort);
      const deadline = Date.now() + 20_000;
      while ([one, two].some((server) => count(server, REACHABLE_AGAIN) < 1)) {
        if (Date.now() > deadline) throw new Error('the instances did not reconnect to Redis');
        await sleep(200);
      }
      for (const server of [one, two]) expect(count(server, UNREACHABLE)).toBe(1);

      // The tab on B missed the press meanwhile: back with Redis, it is given the timer again,
      // and the next press through A reaches it as before.
      await tabOnB.next('timer', { match: (m) => m.timer.version === 1 });
      from = tabOnB.messages.length;
      await press(a, live.token, 'back-1', 1);
      await tabOnB.next('timer', { from, match: (m) => m.timer.version === 2 });
      tabOnA.socket.close();
      tabOnB.socket.close();

      // Shared again: a theme published through one shows in the other's cached gallery...
      await galleryIds(b, token);
      const themeId = await publicTheme(a, token);
      expect(await galleryIds(b, token)).toContain(themeId);
      // ...and a fresh limit counts across both.
      const other = await registered();
      expect((await loginAnswer(a, other.identity.email, 'wrong-a')).status).toBe(401);
      expect((await loginAnswer(b, other.identity.email, 'wrong-b')).status).toBe(401);
      expect((await loginAnswer(a, other.identity.email, 'wrong-c')).status).toBe(401);
      expect((await loginAnswer(b, other.identity.email, PASSWORD)).status).toBe(429);
    }, 60_000);

    // Last: it kills the first instance.
    it('gives a tab whose instance was killed the timer on the other when it reconnects', async () => {
      const { token } = await registered();
      const onA = await liveTab(a, token, 'laptop');
      await press(b, token, 'kill-1', 0);
      await onA.next('timer', { match: (m) => m.timer.version === 1 });
      one.stop();
      const { code } = await onA.closed;
      expect(code).toBe(1006);
      // Reconnecting as the tab does (through the proxy when there is one, which now only has
      // the second instance): the first message is the timer as it stands.
      const again = await connectLive(nginx ? proxy : b);
      again.hello(token, { id: 'laptop', label: 'laptop' });
      const snapshot = await again.next('timer');
      expect(snapshot.timer).toMatchObject({ version: 1, state: { status: 'running' } });
      await press(nginx ? proxy : b, token, 'kill-2', 1);
      await again.next('timer', { match: (m) => m.timer.version === 2 });
      again.socket.close();
    }, 30_000);
  },
);
