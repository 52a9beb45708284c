import type { AuthResponse } from '@focusroom/core/schemas';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { PASSWORD, bearer, uniqueIdentity, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

/*
 * A mail is in the account's language when it chose one, else in the language of the request
 * that caused it (its Accept-Language, which the web app sets to its own language), else
 * English (decision 078).
 */

async function registerWith(app: App, headers: Record<string, string> = {}) {
  const identity = uniqueIdentity('lang');
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: identity,
  });
  expect(response.statusCode, response.body).toBe(201);
  await app.background.idle();
  return { identity, token: response.json<AuthResponse>().token };
}

async function chooseLanguage(app: App, token: string, language: string | null) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: bearer(token),
    payload: { language },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function post(app: App, url: string, email: string, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url, headers, payload: { email } });
  expect(response.statusCode, response.body).toBe(200);
  await app.background.idle();
}

describe.each(DIALECTS)('the language of mails on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it("mails the verification in the language the registration's request asks for", async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await registerWith(app, { 'accept-language': 'de-DE,de;q=0.9' });
    const mail = mailer.last(identity.email, 'verify');
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Focusroom');
    expect(mail.text).toMatch(/^Hallo Test lang/);
    expect(mail.text).toContain('Der Link ist 24 Stunden gültig.');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
  });

  it('mails in English when the request names no language, or none the app has', async () => {
    const { app, mailer } = await apps.make();
    const plain = await registerWith(app);
    expect(mailer.last(plain.identity.email, 'verify').subject).toBe(
      'Verify your Focusroom email address',
    );
    const other = await registerWith(app, { 'accept-language': 'zh-CN,zh;q=0.9' });
    const mail = mailer.last(other.identity.email, 'verify');
    expect(mail.subject).toBe('Verify your Focusroom email address');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it('mails an Arabic verification right to left', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await registerWith(app, { 'accept-language': 'ar-EG' });
    const mail = mailer.last(identity.email, 'verify');
    expect(mail.subject).toBe('تحقّق من عنوان بريدك الإلكتروني في Focusroom');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("mails a reset in the account's language even when the request asks for another", async () => {
    const { app, mailer } = await apps.make();
    const { identity, token } = await verifiedUser(app, mailer);
    await chooseLanguage(app, token, 'ja');
    await post(app, '/api/auth/forgot-password', identity.email, { 'accept-language': 'fr' });
    const mail = mailer.last(identity.email, 'reset');
    expect(mail.subject).toBe('【Focusroom】パスワードの再設定');
    expect(mail.text).toContain('有効期限は1時間で');
    expect(mail.text).not.toContain('mot de passe');
  });

  it("mails a reset in the request's language to an account that chose none", async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    await post(app, '/api/auth/forgot-password', identity.email, { 'accept-language': 'fr' });
    const mail = mailer.last(identity.email, 'reset');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Focusroom');
    expect(mail.text).toContain('Le lien est valable 1 heure');
  });

  it("resends a verification in the account's language, else the request's", async () => {
    const { app, mailer } = await apps.make();
    const { identity, token } = await registerWith(app);
    await post(app, '/api/auth/resend-verification', identity.email, { 'accept-language': 'es' });
    expect(mailer.last(identity.email, 'verify').subject).toBe(
      'Verifica tu dirección de correo electrónico de Focusroom',
    );
    await chooseLanguage(app, token, 'pt-BR');
    await post(app, '/api/auth/resend-verification', identity.email, { 'accept-language': 'es' });
    expect(mailer.last(identity.email, 'verify').subject).toBe(
      'Verifique seu endereço de e-mail do Focusroom',
    );
  });

  it("mails an email change's confirmation and notice in the account's language, else the request's", async () => {
    const { app, mailer } = await apps.make();
    const { identity, token } = await verifiedUser(app, mailer);
    const first = `first-${identity.email}`;
    const change = (email: string, headers: Record<string, string>, extra = {}) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { ...bearer(token), ...headers },
        payload: { email, currentPassword: PASSWORD, ...extra },
      });

    expect((await change(first, { 'accept-language': 'de' })).statusCode).toBe(200);
    await app.background.idle();
    expect(mailer.last(first, 'email-change').subject).toBe(
      'Bestätige deine neue E-Mail-Adresse für Focusroom',
    );
    expect(mailer.last(identity.email, 'email-change-notice').text).toContain(
      `von ${identity.email} in ${first} ändern`,
    );

    // The language chosen in the same request counts, over the request's own.
    const second = `second-${identity.email}`;
    const answer = await change(second, { 'accept-language': 'de' }, { language: 'es' });
    expect(answer.statusCode).toBe(200);
    await app.background.idle();
    expect(mailer.last(second, 'email-change').subject).toBe(
      'Confirma tu nueva dirección de correo electrónico de Focusroom',
    );
    expect(mailer.last(identity.email, 'email-change-notice').subject).toBe(
      'Se está cambiando la dirección de correo electrónico de tu cuenta de Focusroom',
    );

    const resent = await app.inject({
      method: 'POST',
      url: '/api/users/me/pending-email/resend',
      headers: { ...bearer(token), 'accept-language': 'fr' },
    });
    expect(resent.statusCode).toBe(200);
    await app.background.idle();
    expect(mailer.to(second, 'email-change')).toHaveLength(2);
    expect(mailer.last(second, 'email-change').subject).toBe(
      'Confirma tu nueva dirección de correo electrónico de Focusroom',
    );
  });
});
