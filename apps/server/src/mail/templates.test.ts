import { describe, expect, it } from 'vitest';
import {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  escapeHtml,
  resetMail,
  verificationMail,
} from './templates.js';

describe('mail templates', () => {
  const link = 'http://localhost:3000/verify-email/abc';

  it('escape HTML in user-provided names', () => {
    const mail = verificationMail('a@example.com', '<script>alert("x")</script>', link, 'en');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('carry the link in plain text and HTML, branded Focusroom in purple', () => {
    const mail = verificationMail('a@example.com', 'Ada', link, 'en');
    expect(mail).toMatchObject({ kind: 'verify', to: 'a@example.com', link });
    expect(mail.subject).toContain('Focusroom');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('#7c3aed');
  });

  it('keep a name on one line in the plain text', () => {
    const mail = resetMail('a@example.com', 'Ada\r\nBcc: evil@example.com', link, 'en');
    expect(mail.text.split('\n')[0]).toBe('Hi Ada Bcc: evil@example.com,');
    expect(mail.kind).toBe('reset');
    expect(mail.text).toContain('1 hour');
  });

  it('ask the new address to confirm a change, naming both addresses and the 24 hours', () => {
    const confirm = 'http://localhost:3000/confirm-email/abc';
    const mail = emailChangeConfirmMail('new@example.com', 'Ada', 'old@example.com', confirm, 'en');
    expect(mail).toMatchObject({ kind: 'email-change', to: 'new@example.com', link: confirm });
    expect(mail.text).toContain('new@example.com');
    expect(mail.text).toContain('old@example.com');
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${confirm}"`);
  });

  it('tell the old address of a change with the undo link, valid 7 days', () => {
    const undo = 'http://localhost:3000/undo-email-change/abc';
    const mail = emailChangeNoticeMail('old@example.com', 'Ada', 'new<b>@example.com', undo, 'en');
    expect(mail).toMatchObject({ kind: 'email-change-notice', to: 'old@example.com', link: undo });
    expect(mail.text).toContain('7 days');
    expect(mail.text).toMatch(/undo/i);
    expect(mail.html).not.toContain('new<b>');
    expect(mail.html).toContain(`href="${undo}"`);
  });
});

describe('mail templates in English', () => {
  const link = 'http://localhost:3000/x/abc';

  it('say word for word what the mails have always said', () => {
    expect(verificationMail('a@example.com', 'Ada', link, 'en')).toMatchObject({
      subject: 'Verify your Focusroom email address',
      text:
        `Hi Ada,\n\nWelcome to Focusroom! Confirm your email address to finish setting up your account.\n\n${link}\n\n` +
        'The link expires after 24 hours. If you did not create this account, ignore this email.\n\nFocusroom\n',
    });
    expect(resetMail('a@example.com', '  ', link, 'en')).toMatchObject({
      subject: 'Reset your Focusroom password',
      text:
        `Hi there,\n\nSomeone asked to reset the password of your Focusroom account. Choose a new password with the link below.\n\n${link}\n\n` +
        'The link expires after 1 hour and works once. If you did not ask for this, ignore this email; your password stays the same.\n\nFocusroom\n',
    });
    expect(
      emailChangeConfirmMail('new@example.com', 'Ada', 'old@example.com', link, 'en'),
    ).toMatchObject({
      subject: 'Confirm your new Focusroom email address',
      text:
        'Hi Ada,\n\nYou asked to use new@example.com for your Focusroom account instead of old@example.com. Confirm this address to make it the one you sign in with. Until you do, nothing changes.\n\n' +
        `${link}\n\nThe link expires after 24 hours and works once. If you did not ask for this, ignore this email: the account stays as it is.\n\nFocusroom\n`,
    });
    expect(
      emailChangeNoticeMail('old@example.com', 'Ada', 'new@example.com', link, 'en'),
    ).toMatchObject({
      subject: 'Your Focusroom email address is being changed',
      text:
        'Hi Ada,\n\nSomeone signed in to your Focusroom account asked to change its email address from old@example.com to new@example.com. Until the new address is confirmed, you keep signing in with this one. If this was not you, undo the change: your account keeps (or gets back) this address and every device is signed out.\n\n' +
        `${link}\n\nThe link works once, for 7 days. If you made this change yourself, you need not do anything.\n\nFocusroom\n`,
    });
  });

  it('mark the HTML as English, left to right', () => {
    const { html } = verificationMail('a@example.com', 'Ada', link, 'en');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<title>Verify your email</title>');
    expect(html).toContain('>Verify email</a>');
    expect(html).toContain('If the button does not work, open this link:');
    expect(html).toContain('text-align:left');
    expect(html).not.toContain('rtl');
  });
});

describe('mail templates in other languages', () => {
  const link = 'http://localhost:3000/verify-email/abc';

  it('write subject, text and HTML in German', () => {
    const mail = verificationMail('a@example.com', 'Ada', link, 'de');
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Focusroom');
    expect(mail.text).toBe(
      'Hallo Ada,\n\nWillkommen bei Focusroom! Bestätige deine E-Mail-Adresse, um die Einrichtung deines Kontos abzuschließen.\n\n' +
        `${link}\n\nDer Link ist 24 Stunden gültig. Falls du dieses Konto nicht erstellt hast, ignoriere diese E-Mail.\n\nFocusroom\n`,
    );
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.html).toContain('<title>Bestätige deine E-Mail-Adresse</title>');
    expect(mail.html).toContain('>E-Mail-Adresse bestätigen</a>');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert, öffne diesen Link:');
    expect(mail.html).not.toMatch(/Verify|Hi Ada|expires/);
  });

  it('write Arabic right to left, aligned right, the link kept left to right', () => {
    const mail = verificationMail('a@example.com', 'Ada', link, 'ar');
    expect(mail.subject).toBe('تحقّق من عنوان بريدك الإلكتروني في Focusroom');
    expect(mail.text.split('\n')[0]).toBe('مرحبًا Ada،');
    expect(mail.text).toContain('الرابط صالح لمدة 24 ساعة.');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain('text-align:right');
    expect(mail.html).not.toContain('text-align:left');
    expect(mail.html).toContain(`<a href="${link}" dir="ltr"`);
    expect(mail.html).toContain('>التحقق من البريد الإلكتروني</a>');
  });

  it("word a link's lifetime by each language's plural rules", () => {
    const undo = 'http://localhost:3000/undo-email-change/abc';
    expect(verificationMail('a@example.com', 'Ada', link, 'ja').text).toContain(
      'このリンクの有効期限は24時間です。',
    );
    expect(resetMail('a@example.com', 'Ada', link, 'ja').text).toContain('有効期限は1時間で');
    expect(
      emailChangeNoticeMail('o@example.com', 'Ada', 'n@example.com', undo, 'ja').text,
    ).toContain('有効期限は7日間で');
    expect(verificationMail('a@example.com', 'Ada', link, 'fr').text).toContain(
      'Le lien est valable 24 heures.',
    );
    expect(resetMail('a@example.com', 'Ada', link, 'fr').text).toContain(
      'Le lien est valable 1 heure et',
    );
    expect(
      emailChangeNoticeMail('o@example.com', 'Ada', 'n@example.com', undo, 'fr').text,
    ).toContain('pendant 7 jours.');
    // Arabic: one, few (3 to 10) and many (11 to 99) each take their own form.
    expect(resetMail('a@example.com', 'Ada', link, 'ar').text).toContain('لمدة ساعة واحدة');
    expect(
      emailChangeNoticeMail('o@example.com', 'Ada', 'n@example.com', undo, 'ar').text,
    ).toContain('لمدة 7 أيام');
  });

  it('name both addresses of an email change in the language', () => {
    const confirm = 'http://localhost:3000/confirm-email/abc';
    const mail = emailChangeConfirmMail('new@example.com', 'Ada', 'old@example.com', confirm, 'es');
    expect(mail.subject).toBe('Confirma tu nueva dirección de correo electrónico de Focusroom');
    expect(mail.text).toContain(
      'Pediste usar new@example.com en tu cuenta de Focusroom en lugar de old@example.com.',
    );
    const notice = emailChangeNoticeMail(
      'old@example.com',
      'Ada',
      'new@example.com',
      confirm,
      'pt-BR',
    );
    expect(notice.text).toContain('de old@example.com para new@example.com');
    expect(notice.text.split('\n')[0]).toBe('Olá, Ada!');
  });

  it('greet an account without a name in the language', () => {
    expect(resetMail('a@example.com', '', link, 'de').text.split('\n')[0]).toBe('Hallo,');
    expect(resetMail('a@example.com', ' \n', link, 'ja').text.split('\n')[0]).toBe('こんにちは。');
  });

  it('still escape HTML in names and addresses', () => {
    for (const locale of ['de', 'ar'] as const) {
      const mail = verificationMail('a@example.com', '<script>alert("x")</script>', link, locale);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      const notice = emailChangeNoticeMail(
        'o@example.com',
        'Ada',
        'new<b>@example.com',
        link,
        locale,
      );
      expect(notice.html).not.toContain('new<b>');
      expect(notice.html).toContain('new&lt;b&gt;@example.com');
    }
  });
});
