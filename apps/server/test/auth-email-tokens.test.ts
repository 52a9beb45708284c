import { describe, expect, it } from 'vitest';
import { PASSWORD, bearer, login, register, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import * as liveTokenIndex from '../src/db/migrations/0004-email-token-live-unique.js';
import { hashToken } from '../src/lib/tokens.js';

describe.each(DIALECTS)('email verification and password reset on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('verify-email', () => {
    it('verifies with the mailed token, then answers a second opening with Email already verified', async () => {
      const { app, mailer } = await apps.make();
      const { identity, token } = await register(app);
      const link = mailer.lastToken(identity.email, 'verify');
      const first = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${link}` });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        message: 'Your email has been verified successfully!',
      });
      const status = await app.inject({
        method: 'GET',
        url: '/api/auth/verification-status',
        headers: bearer(token),
      });
      expect(status.json()).toEqual({ is_verified: true, email: identity.email });
      const second = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${link}` });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ success: true, message: 'Email already verified' });
      expect((await login(app, identity.email)).statusCode).toBe(200);
    });

    it('stores only the SHA-256 of a token', async () => {
      const { app, mailer, database } = await apps.make();
      const { identity, user } = await register(app);
      const token = mailer.lastToken(identity.email, 'verify');
      const rows = await database.db
        .selectFrom('email_tokens')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(hashToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('answers 400 with a message for an unknown or expired token', async () => {
      const { app, mailer, clock } = await apps.make();
      const unknown = await app.inject({
        method: 'GET',
        url: `/api/auth/verify-email/${'x'.repeat(43)}`,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ code: expect.any(String), message: expect.any(String) });

      const { identity } = await register(app);
      const token = mailer.lastToken(identity.email, 'verify');
      clock.advanceHours(24);
      const expired = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(unknown.json().message);
    });

    it('accepts a token just before 24 hours have passed', async () => {
      const { app, mailer, clock } = await apps.make();
      const { identity } = await register(app);
      const token = mailer.lastToken(identity.email, 'verify');
      clock.advance(24 * 3_600_000 - 1000);
      const response = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      expect(response.statusCode).toBe(200);
    });

    it('lets exactly one of two concurrent uses verify', async () => {
      const { app, mailer } = await apps.make();
      const { identity } = await register(app);
      const token = mailer.lastToken(identity.email, 'verify');
      const responses = await Promise.all([
        app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` }),
        app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` }),
      ]);
      const messages = responses.map((r) => r.json().message).sort();
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(messages).toEqual([
        'Email already verified',
        'Your email has been verified successfully!',
      ]);
    });

    it('invalidates an older verification link when a new one is sent', async () => {
      const { app, mailer } = await apps.make();
      const { identity } = await register(app);
      const older = mailer.lastToken(identity.email, 'verify');
      await app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: identity.email },
      });
      await app.background.idle();
      const newer = mailer.lastToken(identity.email, 'verify');
      expect(newer).not.toBe(older);
      const old = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${older}` });
      expect(old.statusCode).toBe(400);
      const fresh = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${newer}` });
      expect(fresh.statusCode).toBe(200);
    });
  });

  describe('resend-verification and forgot-password', () => {
    for (const url of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
      it(`answers ${url} with the same 200 body for a known and an unknown address`, async () => {
        const { app, mailer } = await apps.make();
        const unverified = await register(app);
        const verified = await verifiedUser(app, mailer);
        const bodies = [];
        for (const email of [
          unverified.identity.email,
          verified.identity.email,
          'ghost@example.com',
        ]) {
          const response = await app.inject({ method: 'POST', url, payload: { email } });
          expect(response.statusCode).toBe(200);
          bodies.push(response.body);
        }
        expect(new Set(bodies).size).toBe(1);
        expect(JSON.parse(bodies[0] ?? '')).toEqual({ success: true, message: expect.any(String) });
      });

      it(`answers ${url} before the lookup and the mail, for a known and an unknown address`, async () => {
        // Held mail proves the answer never waits for the account's work, so its timing cannot
        // reveal the account; bench/login-latency.ts is where times are measured.
        const { app, mailer } = await apps.make();
        const { identity } = await register(app);
        await app.background.idle();
        const sent = mailer.messages.length;
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        const send = mailer.send.bind(mailer);
        mailer.send = async (message) => {
          await held;
          await send(message);
        };
        for (const email of [identity.email, 'nobody@example.com']) {
          const response = await app.inject({ method: 'POST', url, payload: { email } });
          expect(response.statusCode).toBe(200);
        }
        expect(mailer.messages.length).toBe(sent);
        release();
        await app.background.idle();
        expect(mailer.to(identity.email).length).toBeGreaterThan(0);
        expect(mailer.messages.length).toBe(sent + 1);
      });
    }

    it('mails a new verification link only to an unverified account', async () => {
      const { app, mailer } = await apps.make();
      const unverified = await register(app);
      const verified = await verifiedUser(app, mailer);
      const before = mailer.messages.length;
      for (const email of [
        unverified.identity.email,
        verified.identity.email,
        'ghost@example.com',
      ]) {
        await app.inject({
          method: 'POST',
          url: '/api/auth/resend-verification',
          payload: { email },
        });
      }
      await app.background.idle();
      const sent = mailer.messages.slice(before);
      expect(sent.map((m) => [m.to, m.kind])).toEqual([[unverified.identity.email, 'verify']]);
    });

    it('validates the email address with 400', async () => {
      const { app } = await apps.make();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nope' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('email');
    });
  });

  describe('password reset', () => {
    async function requestReset(app: Awaited<ReturnType<typeof apps.make>>, email: string) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: email.toUpperCase() },
      });
      expect(response.statusCode).toBe(200);
      await app.app.background.idle();
      const mail = app.mailer.last(email, 'reset');
      expect(mail.link).toMatch(/^http:\/\/focusroom\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
      return app.mailer.lastToken(email, 'reset');
    }

    it('resets the password once, revokes every session and does not sign in', async () => {
      const t = await apps.make();
      const { app } = t;
      const { identity, token: session1 } = await verifiedUser(app, t.mailer);
      const session2 = (await login(app, identity.username)).json().token as string;
      const token = await requestReset(t, identity.email);

      const check = await app.inject({
        method: 'GET',
        url: `/api/auth/verify-reset-token/${token}`,
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ valid: true });

      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'a-brand-new-secret-9' },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ success: true, message: expect.any(String) });
      expect(reset.json()).not.toHaveProperty('token');

      for (const session of [session1, session2]) {
        const me = await app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: bearer(session),
        });
        expect(me.statusCode).toBe(401);
      }
      expect((await login(app, identity.email)).statusCode).toBe(401);
      expect((await login(app, identity.email, 'a-brand-new-secret-9')).statusCode).toBe(200);

      const reuse = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'another-new-secret-10' },
      });
      expect(reuse.statusCode).toBe(400);
      const recheck = await app.inject({
        method: 'GET',
        url: `/api/auth/verify-reset-token/${token}`,
      });
      expect(recheck.statusCode).toBe(400);
    });

    it('marks the address verified, since the link proved the mailbox', async () => {
      const t = await apps.make();
      const { identity } = await register(t.app);
      expect((await login(t.app, identity.email)).statusCode).toBe(403);
      const token = await requestReset(t, identity.email);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'fresh-start-password-1' },
      });
      expect(reset.statusCode).toBe(200);
      const signIn = await login(t.app, identity.email, 'fresh-start-password-1');
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user.is_verified).toBe(true);
    });

    it('expires a reset link after 1 hour', async () => {
      const t = await apps.make();
      const { identity } = await verifiedUser(t.app, t.mailer);
      const token = await requestReset(t, identity.email);
      t.clock.advanceMinutes(59);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` }))
          .statusCode,
      ).toBe(200);
      t.clock.advanceMinutes(1);
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-reset-token/${token}`,
      });
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'too-late-password-1' },
      });
      expect(reset.statusCode).toBe(400);
    });

    it('lets exactly one of two concurrent resets with one token succeed', async () => {
      const t = await apps.make();
      const { identity } = await verifiedUser(t.app, t.mailer);
      const token = await requestReset(t, identity.email);
      const responses = await Promise.all(
        ['race-winner-password-1', 'race-winner-password-2'].map((newPassword) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { token, newPassword },
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = responses.findIndex((r) => r.statusCode === 200) + 1;
      expect(
        (await login(t.app, identity.email, `race-winner-password-${winner}`)).statusCode,
      ).toBe(200);
    });

    it('invalidates an older reset link when a new one is sent', async () => {
      const t = await apps.make();
      const { identity } = await verifiedUser(t.app, t.mailer);
      const older = await requestReset(t, identity.email);
      const newer = await requestReset(t, identity.email);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${older}` }))
          .statusCode,
      ).toBe(400);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${newer}` }))
          .statusCode,
      ).toBe(200);
    });

    it('leaves exactly one live token of a kind after concurrent forgot-password and resend requests', async () => {
      const t = await apps.make({
        env: { RATE_LIMIT_MAIL_ADDRESS: '1000/15m', RATE_LIMIT_MAIL_IP: '1000/1h' },
      });
      const { identity, user } = await register(t.app);
      const liveTokens = async (kind: 'verify' | 'reset') =>
        (
          await t.database.db
            .selectFrom('email_tokens')
            .select('token_hash')
            .where('user_id', '=', user.id)
            .where('kind', '=', kind)
            .where('used_at', 'is', null)
            .execute()
        ).map((row) => row.token_hash);
      for (let round = 0; round < 3; round++) {
        const responses = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            t.app.inject({
              method: 'POST',
              url: i % 2 ? '/api/auth/forgot-password' : '/api/auth/resend-verification',
              payload: { email: identity.email },
            }),
          ),
        );
        expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
        await t.app.background.idle();
        expect(await liveTokens('reset'), `round ${round}`).toHaveLength(1);
        expect(await liveTokens('verify'), `round ${round}`).toHaveLength(1);
      }
      // The live one is the newest mailed link: it works, and it is the only one that does.
      const newest = t.mailer.lastToken(identity.email, 'reset');
      expect(await liveTokens('reset')).toEqual([hashToken(newest)]);
    });

    it('mails crossing links in the order they were issued, so the last one received works', async () => {
      const t = await apps.make({
        env: { RATE_LIMIT_MAIL_ADDRESS: '1000/15m', RATE_LIMIT_MAIL_IP: '1000/1h' },
      });
      const { identity } = await register(t.app);
      // The first link's mail is slow to send; a second request crosses it.
      t.mailer.delayNext(200);
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: identity.email },
        });
      const first = ask();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await Promise.all([first, ask()])).map((r) => r.statusCode)).toEqual([200, 200]);
      await t.app.background.idle();
      const mailed = t.mailer.to(identity.email, 'reset');
      expect(mailed.length).toBeGreaterThan(0);
      const newest = t.mailer.lastToken(identity.email, 'reset');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${newest}` }))
          .statusCode,
      ).toBe(200);
    });

    it('migrates older duplicate live tokens down to the newest one before enforcing one', async () => {
      const t = await apps.make();
      const { user } = await register(t.app);
      const db = t.database.db;
      // The migration runs on an untyped Kysely, as the migrator gives it one.
      const untyped = db as unknown as Kysely<unknown>;
      await liveTokenIndex.down(untyped);
      try {
        const row = (id: string, created_at: string, used_at: string | null = null) => ({
          id,
          user_id: user.id,
          kind: 'reset' as const,
          email: user.email,
          token_hash: hashToken(id),
          expires_at: '2099-01-01T00:00:00.000Z',
          created_at,
          used_at,
        });
        const ids = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
        await db
          .insertInto('email_tokens')
          .values([
            row(ids[0]!, '2031-03-03T09:00:00.000Z'),
            row(ids[1]!, '2031-03-03T09:05:00.000Z'),
            row(ids[2]!, '2031-03-03T09:01:00.000Z'),
            row(ids[3]!, '2031-03-03T09:09:00.000Z', '2031-03-03T09:10:00.000Z'),
          ])
          .execute();
      } finally {
        await liveTokenIndex.up(untyped);
      }
      const resets = await db
        .selectFrom('email_tokens')
        .select(['created_at', 'used_at'])
        .where('user_id', '=', user.id)
        .where('kind', '=', 'reset')
        .orderBy('created_at')
        .execute();
      expect(resets).toEqual([
        { created_at: '2031-03-03T09:05:00.000Z', used_at: null },
        { created_at: '2031-03-03T09:09:00.000Z', used_at: '2031-03-03T09:10:00.000Z' },
      ]);
      // The registration's verify token is of another kind and stays.
      expect(
        await db
          .selectFrom('email_tokens')
          .select('id')
          .where('user_id', '=', user.id)
          .where('kind', '=', 'verify')
          .execute(),
      ).toHaveLength(1);
    });

    it('refuses a verification token as a reset token and a common new password', async () => {
      const t = await apps.make();
      const { identity } = await register(t.app);
      const verifyToken = t.mailer.lastToken(identity.email, 'verify');
      const wrongKind = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-reset-token/${verifyToken}`,
      });
      expect(wrongKind.statusCode).toBe(400);
      const token = await requestReset(t, identity.email);
      const common = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'iloveyou' },
      });
      expect(common.statusCode).toBe(400);
      expect(common.json().errors).toEqual({
        newPassword: 'This password is too common. Choose a less common one.',
      });
      // A refused password does not use up the link.
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: PASSWORD + '-x' },
      });
      expect(ok.statusCode).toBe(200);
    });
  });
});
