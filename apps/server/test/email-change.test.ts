import { EMAIL_CHANGE_MESSAGES, USER_MESSAGES } from '@focusroom/core';
import type { User } from '@focusroom/core/schemas';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as emailChangeMigration from '../src/db/migrations/0011-email-change.js';
import { hashToken } from '../src/lib/tokens.js';
import {
  PASSWORD,
  bearer,
  login,
  register,
  uniqueIdentity,
  verifiedUser,
} from './support/accounts.js';
import { useTestApps, type TestApp } from './support/app.js';
import type { CapturingMailer } from './support/capturing-mailer.js';
import { DIALECTS } from './support/databases.js';

/*
 * Changing the email never locks anyone out (decision 050): the new address is pending until the
 * link mailed to it is opened; the old one stays the sign-in and recovery address and is told,
 * with a link that undoes the change and signs out every device.
 */

function changeEmail(app: App, token: string, email: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: bearer(token),
    payload: { email, currentPassword: PASSWORD, ...extra },
  });
}

function me(app: App, token: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
}

function confirm(app: App, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/email-change/confirm',
    payload: { token },
  });
}

function undo(app: App, token: string) {
  return app.inject({ method: 'POST', url: '/api/auth/email-change/undo', payload: { token } });
}

async function confirmToken(app: App, mailer: CapturingMailer, to: string): Promise<string> {
  await app.background.idle();
  const mail = mailer.last(to, 'email-change');
  expect(mail.link).toMatch(/^http:\/\/focusroom\.test\/confirm-email\/[A-Za-z0-9_-]{43}$/);
  return mail.link.split('/').at(-1)!;
}

async function undoToken(app: App, mailer: CapturingMailer, to: string): Promise<string> {
  await app.background.idle();
  const mail = mailer.last(to, 'email-change-notice');
  expect(mail.link).toMatch(/^http:\/\/focusroom\.test\/undo-email-change\/[A-Za-z0-9_-]{43}$/);
  return mail.link.split('/').at(-1)!;
}

describe.each(DIALECTS)('changing the email on %s', (dialect) => {
  const apps = useTestApps(dialect);

  /** A verified, signed-in user who has asked to move to a new address. */
  async function pendingChange(t: TestApp, overrides = {}) {
    const account = await verifiedUser(t.app, t.mailer, overrides);
    const newEmail = uniqueIdentity('moved').email;
    const response = await changeEmail(t.app, account.token, newEmail.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    return { ...account, newEmail, answer: response.json<User>() };
  }

  it('holds the new address as pending: the old one still signs in, stays verified and gets reset links', async () => {
    const t = await apps.make();
    const { identity, token, user, newEmail, answer } = await pendingChange(t);
    expect(answer).toEqual({ ...user, pending_email: newEmail });
    expect(answer).toMatchObject({ email: identity.email, is_verified: true });
    expect((await me(t.app, token)).json()).toEqual(answer);

    expect((await login(t.app, identity.email)).statusCode).toBe(200);
    expect((await login(t.app, identity.username)).statusCode).toBe(200);
    expect((await login(t.app, newEmail)).statusCode).toBe(401);

    // The confirmation goes to the new address, the notice with the undo link to the old one.
    await confirmToken(t.app, t.mailer, newEmail);
    const notice = t.mailer.last(identity.email, 'email-change-notice');
    expect(notice.text).toContain(newEmail);
    expect(t.mailer.to(newEmail, 'verify')).toEqual([]);

    // Recovery stays with the old address.
    for (const email of [identity.email, newEmail]) {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    }
    await t.app.background.idle();
    expect(t.mailer.to(identity.email, 'reset')).toHaveLength(1);
    expect(t.mailer.to(newEmail, 'reset')).toEqual([]);
  });

  it('makes the address the sign-in address once its link is opened, signed in or not; opening it again is no failure', async () => {
    const t = await apps.make();
    const { identity, token, newEmail } = await pendingChange(t);
    // A reset link mailed to the old address before the confirmation.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: identity.email },
    });
    await t.app.background.idle();
    const oldReset = t.mailer.lastToken(identity.email, 'reset');

    const link = await confirmToken(t.app, t.mailer, newEmail);
    const first = await confirm(t.app, link);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: EMAIL_CHANGE_MESSAGES.confirmed });
    const second = await confirm(t.app, link);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      success: true,
      message: EMAIL_CHANGE_MESSAGES.alreadyConfirmed,
    });

    expect((await me(t.app, token)).json()).toMatchObject({
      email: newEmail,
      is_verified: true,
      pending_email: null,
    });
    expect((await login(t.app, newEmail)).statusCode).toBe(200);
    expect((await login(t.app, identity.email)).statusCode).toBe(401);
    // The reset link of the old address stopped working; the session that asked stays.
    const reset = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-reset-token/${oldReset}`,
    });
    expect(reset.statusCode).toBe(400);
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  it('stores only hashes, expires the confirmation after 24 hours and then shows nothing pending', async () => {
    const t = await apps.make();
    const { token, user, newEmail } = await pendingChange(t);
    const link = await confirmToken(t.app, t.mailer, newEmail);
    const rows = await t.database.db
      .selectFrom('email_change_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((row) => row.kind).sort()).toEqual(['confirm', 'undo']);
    expect(rows.map((row) => row.token_hash)).toContain(hashToken(link));
    expect(JSON.stringify(rows)).not.toContain(link);

    t.clock.advanceHours(24);
    expect((await me(t.app, token)).json()).toMatchObject({ pending_email: null });
    const late = await confirm(t.app, link);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      code: expect.any(String),
      message: EMAIL_CHANGE_MESSAGES.confirmLinkInvalid,
    });
    expect((await me(t.app, token)).json()).toMatchObject({ email: user.email });
  });

  it('lets exactly one of two concurrent openings change the address', async () => {
    const t = await apps.make();
    const { token, newEmail } = await pendingChange(t);
    const link = await confirmToken(t.app, t.mailer, newEmail);
    const answers = await Promise.all([confirm(t.app, link), confirm(t.app, link)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<{ message: string }>().message).sort()).toEqual(
      [EMAIL_CHANGE_MESSAGES.alreadyConfirmed, EMAIL_CHANGE_MESSAGES.confirmed].sort(),
    );
    expect((await me(t.app, token)).json()).toMatchObject({ email: newEmail });
  });

  it('replaces a waiting change with a newer one, whose link alone works', async () => {
    const t = await apps.make();
    const { token, newEmail } = await pendingChange(t);
    const first = await confirmToken(t.app, t.mailer, newEmail);
    const second = uniqueIdentity('second').email;
    expect((await changeEmail(t.app, token, second)).json()).toMatchObject({
      pending_email: second,
    });
    const secondLink = await confirmToken(t.app, t.mailer, second);
    expect((await confirm(t.app, first)).statusCode).toBe(400);
    expect((await confirm(t.app, secondLink)).statusCode).toBe(200);
    expect((await me(t.app, token)).json()).toMatchObject({ email: second, pending_email: null });
  });

  it('cancels a waiting change from the profile: its link stops working, a second cancel answers the same', async () => {
    const t = await apps.make();
    const { token, user, newEmail } = await pendingChange(t);
    const link = await confirmToken(t.app, t.mailer, newEmail);
    for (let i = 0; i < 2; i++) {
      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: '/api/users/me/pending-email',
        headers: bearer(token),
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({ ...user, pending_email: null });
    }
    expect((await confirm(t.app, link)).statusCode).toBe(400);
    expect((await me(t.app, token)).json()).toMatchObject({ email: user.email });
  });

  it('mails a new confirmation link on request, under the change limits; with nothing waiting it is a 409', async () => {
    const t = await apps.make({ env: { RATE_LIMIT_EMAIL_CHANGE_USER: '3/1h' } });
    const { token, newEmail } = await pendingChange(t);
    const first = await confirmToken(t.app, t.mailer, newEmail);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/pending-email/resend',
        headers: bearer(token),
      });
    const again = await resend();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ success: true, message: EMAIL_CHANGE_MESSAGES.resent });
    const fresh = await confirmToken(t.app, t.mailer, newEmail);
    expect(fresh).not.toBe(first);
    expect((await resend()).statusCode).toBe(200);
    // The change and two resends: the per-user limit of 3 is used up.
    expect((await resend()).statusCode).toBe(429);
    expect((await confirm(t.app, first)).statusCode).toBe(400);
    expect((await confirm(t.app, await confirmToken(t.app, t.mailer, newEmail))).statusCode).toBe(
      200,
    );
    const none = await resend();
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      code: expect.any(String),
      message: EMAIL_CHANGE_MESSAGES.noPending,
    });
  });

  it('answers 409 with a clear message when another account took the address before the confirmation, and keeps the link', async () => {
    const t = await apps.make();
    const { token, user, newEmail } = await pendingChange(t);
    const link = await confirmToken(t.app, t.mailer, newEmail);
    // A pending address is no reservation: another person may register it meanwhile.
    const other = await register(t.app, { email: newEmail });
    const taken = await confirm(t.app, link);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: expect.any(String),
      message: EMAIL_CHANGE_MESSAGES.addressTakenMeanwhile,
    });
    expect((await me(t.app, token)).json()).toMatchObject({
      email: user.email,
      pending_email: newEmail,
    });
    // Once that account is gone, the same link still works.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      headers: bearer(other.token),
      payload: { password: PASSWORD },
    });
    expect((await confirm(t.app, link)).statusCode).toBe(200);
  });

  it('refuses a taken address at once, and the old address of a change stays held while it can be undone', async () => {
    const t = await apps.make();
    const taken = await register(t.app);
    const { identity, token, newEmail } = await pendingChange(t);
    const refused = await changeEmail(t.app, token, taken.identity.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: USER_MESSAGES.emailTaken,
      code: 'user.emailTaken',
      errors: { email: USER_MESSAGES.emailTaken },
      fieldCodes: { email: 'user.emailTaken' },
    });
    await confirm(t.app, await confirmToken(t.app, t.mailer, newEmail));

    // The address changed away from is not free for others while its undo link lives...
    const squat = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueIdentity('squat'), email: identity.email },
    });
    expect(squat.statusCode).toBe(409);
    const other = await verifiedUser(t.app, t.mailer);
    expect((await changeEmail(t.app, other.token, identity.email)).statusCode).toBe(409);
    // ...but its own account may move back to it.
    expect((await changeEmail(t.app, token, identity.email)).statusCode).toBe(200);
    // And after the 7 days of the undo link, it is free.
    t.clock.advanceHours(7 * 24);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueIdentity('later'), email: identity.email },
    });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('lets the old address undo a waiting change: nothing pending, every device signed out', async () => {
    const t = await apps.make();
    const { identity, token, newEmail } = await pendingChange(t);
    const other = (await login(t.app, identity.email)).json<{ token: string }>().token;
    const confirmLink = await confirmToken(t.app, t.mailer, newEmail);
    const undone = await undo(t.app, await undoToken(t.app, t.mailer, identity.email));
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ success: true, message: EMAIL_CHANGE_MESSAGES.undone });
    for (const session of [token, other]) expect((await me(t.app, session)).statusCode).toBe(401);
    expect((await confirm(t.app, confirmLink)).statusCode).toBe(400);
    const signIn = await login(t.app, identity.email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json<{ user: User }>().user).toMatchObject({
      email: identity.email,
      is_verified: true,
      pending_email: null,
    });
  });

  it('lets the old address take the account back after later changes, which cannot undo that', async () => {
    const t = await apps.make();
    const { identity, token, newEmail } = await pendingChange(t);
    const undoFirst = await undoToken(t.app, t.mailer, identity.email);
    await confirm(t.app, await confirmToken(t.app, t.mailer, newEmail));
    // Whoever made it moves the account on once more; the undo link of that goes to newEmail.
    const third = uniqueIdentity('third').email;
    expect((await changeEmail(t.app, token, third)).statusCode).toBe(200);
    await confirm(t.app, await confirmToken(t.app, t.mailer, third));
    const undoSecond = await undoToken(t.app, t.mailer, newEmail);

    expect((await undo(t.app, undoFirst)).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);
    const back = await login(t.app, identity.email);
    expect(back.statusCode).toBe(200);
    expect(back.json<{ user: User }>().user).toMatchObject({
      email: identity.email,
      is_verified: true,
    });
    // The later undo link died with it; each link works once.
    expect((await undo(t.app, undoSecond)).statusCode).toBe(400);
    const reused = await undo(t.app, undoFirst);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: expect.any(String),
      message: EMAIL_CHANGE_MESSAGES.undoLinkInvalid,
    });
  });

  it('gives an unverified old address no undo link, and verifies the account once the new one is confirmed', async () => {
    const t = await apps.make();
    const { identity, token } = await register(t.app);
    const fixed = uniqueIdentity('fixed').email;
    const answer = await changeEmail(t.app, token, fixed);
    expect(answer.json()).toMatchObject({
      email: identity.email,
      is_verified: false,
      pending_email: fixed,
    });
    const link = await confirmToken(t.app, t.mailer, fixed);
    expect(t.mailer.to(identity.email, 'email-change-notice')).toEqual([]);
    expect((await confirm(t.app, link)).statusCode).toBe(200);
    expect((await login(t.app, fixed)).statusCode).toBe(200);
  });

  it('makes an ADMIN_EMAILS address admin only once it is confirmed', async () => {
    const boss = uniqueIdentity('boss').email;
    const t = await apps.make({ env: { ADMIN_EMAILS: boss } });
    const { token } = await verifiedUser(t.app, t.mailer);
    const pending = await changeEmail(t.app, token, boss);
    expect(pending.json()).toMatchObject({ pending_email: boss, is_admin: false, role: 'user' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
    await confirm(t.app, await confirmToken(t.app, t.mailer, boss));
    expect((await me(t.app, token)).json()).toMatchObject({ email: boss, is_admin: true });
  });

  it('shows the waiting address in the account export and to an admin', async () => {
    const adminIdentity = uniqueIdentity('admin');
    const t = await apps.make({ env: { ADMIN_EMAILS: adminIdentity.email } });
    const admin = await verifiedUser(t.app, t.mailer, adminIdentity);
    const { token, user, newEmail } = await pendingChange(t);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: bearer(token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({
      profile: { email: user.email, pending_email: newEmail },
    });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}`,
      headers: bearer(admin.token),
    });
    expect(seen.json()).toMatchObject({ email: user.email, pending_email: newEmail });
  });

  it('answers a bad link with 400 and changes nothing', async () => {
    const t = await apps.make();
    const { token, user } = await pendingChange(t);
    for (const body of [{ token: 'x'.repeat(43) }, { token: '' }, {}]) {
      for (const url of ['/api/auth/email-change/confirm', '/api/auth/email-change/undo']) {
        const answer = await t.app.inject({ method: 'POST', url, payload: body });
        expect(answer.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    expect((await me(t.app, token)).json()).toMatchObject({ email: user.email });
  });

  it('keeps every account when migration 0011 is run down and up again', async () => {
    const t = await apps.make();
    const { user, token } = await register(t.app);
    const untyped = t.database.db as unknown as Kysely<unknown>;
    await emailChangeMigration.down(untyped);
    await emailChangeMigration.up(untyped);
    expect((await me(t.app, token)).json()).toEqual({ ...user, pending_email: null });
  });
});
