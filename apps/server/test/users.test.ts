import { LANGUAGE_INVALID_MESSAGE } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  login,
  register,
  uniqueIdentity,
  verifiedUser,
} from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

describe.each(DIALECTS)('the signed-in user on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('PUT /api/users/me', () => {
    it('updates profile fields and returns the user', async () => {
      const { app, mailer } = await apps.make();
      const { token, user } = await verifiedUser(app, mailer);
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: {
          name: 'Ada Lovelace',
          bio: 'Counting engines',
          avatarUrl: 'icon:headphones',
          time_zone: 'Europe/Berlin',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...user,
        name: 'Ada Lovelace',
        bio: 'Counting engines',
        avatarUrl: 'icon:headphones',
        time_zone: 'Europe/Berlin',
      });
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.json()).toEqual(response.json());
      const cleared = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { avatarUrl: '', bio: null, time_zone: null },
      });
      expect(cleared.json()).toMatchObject({ avatarUrl: null, bio: null, time_zone: null });
    });

    it('keeps the language chosen, answers it on /auth/me, and forgets it on null', async () => {
      const { app, mailer } = await apps.make();
      const { token, user } = await verifiedUser(app, mailer);
      expect(user.language).toBeNull();
      const chosen = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { language: 'ja' },
      });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json()).toEqual({ ...user, language: 'ja' });
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.json().language).toBe('ja');
      const forgotten = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { language: null },
      });
      expect(forgotten.json().language).toBeNull();
    });

    it('refuses a language the app does not speak and changes nothing', async () => {
      const { app, mailer } = await apps.make();
      const { token } = await verifiedUser(app, mailer);
      await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { language: 'de' },
      });
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { language: 'klingon', name: 'Changed' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ language: LANGUAGE_INVALID_MESSAGE });
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.json()).toMatchObject({ language: 'de' });
      expect(me.json().name).not.toBe('Changed');
    });

    it('ignores privileged fields', async () => {
      const { app, mailer } = await apps.make();
      const { token } = await register(app);
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: {
          name: 'Sneaky',
          role: 'admin',
          is_admin: true,
          is_verified: true,
          id: '00000000-0000-0000-0000-000000000000',
          created_at: '2000-01-01T00:00:00.000Z',
          password_hash: 'x',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Sneaky',
        role: 'user',
        is_admin: false,
        is_verified: false,
      });
      expect(response.json().id).not.toBe('00000000-0000-0000-0000-000000000000');
      expect(mailer.messages.length).toBe(1);
    });

    it('refuses a username or email taken by another account with 409, ignoring case', async () => {
      const { app, mailer } = await apps.make();
      const other = await register(app);
      const { token, identity } = await verifiedUser(app, mailer);
      const username = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { username: other.identity.username.toUpperCase() },
      });
      expect(username.statusCode).toBe(409);
      expect(username.json().errors).toHaveProperty('username');
      const email = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { email: other.identity.email.toUpperCase(), currentPassword: PASSWORD },
      });
      expect(email.statusCode).toBe(409);
      expect(email.json().errors).toHaveProperty('email');
      // Changing only the case of one's own username is fine.
      const own = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { username: identity.username.toUpperCase() },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().username).toBe(identity.username.toUpperCase());
    });

    it('holds a changed email as pending until its link is opened (decision 050; email-change.test.ts)', async () => {
      const { app, mailer } = await apps.make();
      const { token, identity, user } = await verifiedUser(app, mailer);
      const newEmail = uniqueIdentity('moved').email;
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { email: newEmail.toUpperCase(), currentPassword: PASSWORD, name: 'Moved' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...user, name: 'Moved', pending_email: newEmail });
      expect((await login(app, identity.email)).statusCode).toBe(200);
      expect((await login(app, newEmail)).statusCode).toBe(401);
      await app.background.idle();
      expect(mailer.last(newEmail, 'email-change').link).toContain('/confirm-email/');
    });

    it('asks for the current password to change the email: missing or wrong is a 400 field error, never 401', async () => {
      const { app, mailer } = await apps.make();
      const { token, identity, user } = await verifiedUser(app, mailer);
      const newEmail = uniqueIdentity('moved').email;
      const expected = {
        message: 'Enter your current password to change your email',
        code: 'account.currentPasswordForEmail',
        errors: { currentPassword: 'Enter your current password to change your email' },
        fieldCodes: { currentPassword: 'account.currentPasswordForEmail' },
      };
      for (const extra of [{}, { currentPassword: '' }, { currentPassword: 'not-my-password' }]) {
        const response = await app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: bearer(token),
          payload: { email: newEmail, name: 'Moved', ...extra },
        });
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
        expect(response.json()).toEqual(expected);
      }
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(user);
      await app.background.idle();
      expect(mailer.to(newEmail)).toEqual([]);
      // Sending the unchanged address (in any case) needs no password.
      const same = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { email: identity.email.toUpperCase(), name: 'Same' },
      });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ email: identity.email, is_verified: true });
    });

    it('counts wrong current passwords of email changes first, on the same per-account limiter', async () => {
      const { app, mailer } = await apps.make();
      const { token } = await verifiedUser(app, mailer);
      const newEmail = uniqueIdentity('moved').email;
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          app.inject({
            method: 'PUT',
            url: '/api/users/me',
            headers: bearer(token),
            payload: { email: newEmail, currentPassword: `guess-${i}-password` },
          }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const change = await app.inject({
        method: 'POST',
        url: '/api/users/password',
        headers: bearer(token),
        payload: { currentPassword: PASSWORD, newPassword: 'a-new-password-77' },
      });
      expect(change.statusCode).toBe(429);
    });

    it('allows 5 email changes per hour per user, answering 429 before any lookup of the address', async () => {
      const { app, mailer, clock } = await apps.make();
      const taken = await register(app);
      const { token } = await verifiedUser(app, mailer);
      const changeTo = (email: string) =>
        app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: bearer(token),
          payload: { email, currentPassword: PASSWORD },
        });
      for (let i = 0; i < 4; i++) {
        expect((await changeTo(uniqueIdentity('hop').email)).statusCode).toBe(200);
      }
      // A taken address still answers 409 (and counts)...
      expect((await changeTo(taken.identity.email)).statusCode).toBe(409);
      // ...but once over the limit a taken and a free address answer the same 429.
      const overTaken = await changeTo(taken.identity.email);
      const overFree = await changeTo(uniqueIdentity('hop').email);
      for (const response of [overTaken, overFree]) {
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBe(3600);
      }
      expect(overTaken.body).toBe(overFree.body);
      clock.advanceHours(1);
      expect((await changeTo(uniqueIdentity('hop').email)).statusCode).toBe(200);
    });

    it('applies the per-address mail limit to the new address', async () => {
      const { app, mailer, clock } = await apps.make();
      const { token } = await verifiedUser(app, mailer);
      const target = uniqueIdentity('target').email;
      for (let i = 0; i < 3; i++) {
        await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: target },
        });
      }
      await app.background.idle();
      const change = () =>
        app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: bearer(token),
          payload: { email: target, currentPassword: PASSWORD },
        });
      const limited = await change();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
      clock.advanceMinutes(15);
      expect((await change()).statusCode).toBe(200);
      await app.background.idle();
      expect(mailer.to(target, 'email-change')).toHaveLength(1);
    });

    it('validates fields: username pattern, avatar value and time zone', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: {
          username: 'no spaces!',
          avatarUrl: 'javascript:alert(1)',
          time_zone: 'Mars/Olympus',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual([
        'avatarUrl',
        'time_zone',
        'username',
      ]);
    });

    it('requires a token', async () => {
      const { app } = await apps.make();
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        payload: { name: 'x' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/users/password', () => {
    it('refuses a wrong current password with 400, not 401', async () => {
      const { app, mailer } = await apps.make();
      const { token } = await verifiedUser(app, mailer);
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/password',
        headers: bearer(token),
        payload: { currentPassword: 'not-it-at-all', newPassword: 'a-new-password-77' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('currentPassword');
    });

    it('counts wrong current passwords first: of 30 parallel guesses 10 get 400, the rest 429, even the right one after', async () => {
      const { app, mailer, clock } = await apps.make();
      const { token } = await verifiedUser(app, mailer);
      const change = (currentPassword: string) =>
        app.inject({
          method: 'POST',
          url: '/api/users/password',
          headers: bearer(token),
          payload: { currentPassword, newPassword: 'a-new-password-77' },
        });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => change(`guess-${i}-password`)),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const limited = await change(PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
      expect(limited.json()).toEqual({
        message: 'Too many attempts. Try again in 15 minutes.',
        code: 'http.retryInMinutes',
        params: { count: 15 },
      });
      // The session still works (429, never 401), and the limit ends by itself.
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
      clock.advanceMinutes(15);
      expect((await change(PASSWORD)).statusCode).toBe(200);
    });

    it('does not count a right current password against the limit', async () => {
      const { app, mailer } = await apps.make({
        overrides: { rateLimits: { loginPerAccount: { max: 2, windowMs: 15 * 60_000 } } },
      });
      const { token } = await verifiedUser(app, mailer);
      let current = PASSWORD;
      for (let i = 0; i < 4; i++) {
        const next = `a-new-password-${i}x`;
        const response = await app.inject({
          method: 'POST',
          url: '/api/users/password',
          headers: bearer(token),
          payload: { currentPassword: current, newPassword: next },
        });
        expect(response.statusCode).toBe(200);
        current = next;
      }
    });

    it('refuses a common new password', async () => {
      const { app, mailer } = await apps.make();
      const { token } = await verifiedUser(app, mailer);
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/password',
        headers: bearer(token),
        payload: { currentPassword: PASSWORD, newPassword: 'baseball' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        newPassword: 'This password is too common. Choose a less common one.',
      });
    });

    it('changes the password, keeps the current session and revokes the others', async () => {
      const { app, mailer } = await apps.make();
      const { token, identity } = await verifiedUser(app, mailer);
      const other = (await login(app, identity.email)).json().token as string;
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/password',
        headers: bearer(token),
        payload: { currentPassword: PASSWORD, newPassword: 'a-new-password-77' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: expect.any(String) });
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) }))
          .statusCode,
      ).toBe(401);
      expect((await login(app, identity.email)).statusCode).toBe(401);
      expect((await login(app, identity.email, 'a-new-password-77')).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/users/delete', () => {
    it('refuses a wrong password with 400 and keeps the account', async () => {
      const { app, mailer } = await apps.make();
      const { token, identity } = await verifiedUser(app, mailer);
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/users/delete',
        headers: bearer(token),
        payload: { password: 'wrong-password-x' },
      });
      expect(response.statusCode).toBe(400);
      expect((await login(app, identity.email)).statusCode).toBe(200);
    });

    it('counts wrong passwords first: of 30 parallel guesses 10 get 400, the rest 429, and the account stays', async () => {
      const { app, mailer } = await apps.make();
      const { token, identity } = await verifiedUser(app, mailer);
      const remove = (password: string) =>
        app.inject({
          method: 'DELETE',
          url: '/api/users/delete',
          headers: bearer(token),
          payload: { password },
        });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => remove(`guess-${i}-password`)),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      expect((await remove(PASSWORD)).statusCode).toBe(429);
      // One limiter per user for both routes: the password change is limited as well.
      const change = await app.inject({
        method: 'POST',
        url: '/api/users/password',
        headers: bearer(token),
        payload: { currentPassword: PASSWORD, newPassword: 'a-new-password-77' },
      });
      expect(change.statusCode).toBe(429);
      expect((await login(app, identity.email)).statusCode).toBe(200);
    });

    it('deletes the user and every row the user owns', async () => {
      const { app, mailer, database } = await apps.make();
      const { token, identity, user } = await verifiedUser(app, mailer);
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: identity.email },
      });
      await app.background.idle();
      const other = await verifiedUser(app, mailer);

      const count = async (table: 'sessions' | 'email_tokens') =>
        (await database.db.selectFrom(table).select('id').where('user_id', '=', user.id).execute())
          .length;
      expect(await count('sessions')).toBeGreaterThan(0);
      expect(await count('email_tokens')).toBeGreaterThan(0);

      const response = await app.inject({
        method: 'DELETE',
        url: '/api/users/delete',
        headers: bearer(token),
        payload: { password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: expect.any(String) });

      expect(
        await database.db.selectFrom('users').select('id').where('id', '=', user.id).execute(),
      ).toEqual([]);
      expect(await count('sessions')).toBe(0);
      expect(await count('email_tokens')).toBe(0);
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
      expect((await login(app, identity.email)).statusCode).toBe(401);
      // Someone else's account is untouched, and the address can register again.
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other.token) }))
          .statusCode,
      ).toBe(200);
      await register(app, { ...identity });
    });

    it('requires the password in the body', async () => {
      const { app, mailer } = await apps.make();
      const { token } = await verifiedUser(app, mailer);
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/users/delete',
        headers: bearer(token),
        payload: {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('password');
    });
  });
});
