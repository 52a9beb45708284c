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
    const mail = verificationMail('a@example.com', '<script>alert("x")</script>', link);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('carry the link in plain text and HTML, branded Focusroom in purple', () => {
    const mail = verificationMail('a@example.com', 'Ada', link);
    expect(mail).toMatchObject({ kind: 'verify', to: 'a@example.com', link });
    expect(mail.subject).toContain('Focusroom');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('#7c3aed');
  });

  it('keep a name on one line in the plain text', () => {
    const mail = resetMail('a@example.com', 'Ada\r\nBcc: evil@example.com', link);
    expect(mail.text.split('\n')[0]).toBe('Hi Ada Bcc: evil@example.com,');
    expect(mail.kind).toBe('reset');
    expect(mail.text).toContain('1 hour');
  });

  it('ask the new address to confirm a change, naming both addresses and the 24 hours', () => {
    const confirm = 'http://localhost:3000/confirm-email/abc';
    const mail = emailChangeConfirmMail('new@example.com', 'Ada', 'old@example.com', confirm);
    expect(mail).toMatchObject({ kind: 'email-change', to: 'new@example.com', link: confirm });
    expect(mail.text).toContain('new@example.com');
    expect(mail.text).toContain('old@example.com');
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${confirm}"`);
  });

  it('tell the old address of a change with the undo link, valid 7 days', () => {
    const undo = 'http://localhost:3000/undo-email-change/abc';
    const mail = emailChangeNoticeMail('old@example.com', 'Ada', 'new<b>@example.com', undo);
    expect(mail).toMatchObject({ kind: 'email-change-notice', to: 'old@example.com', link: undo });
    expect(mail.text).toContain('7 days');
    expect(mail.text).toMatch(/undo/i);
    expect(mail.html).not.toContain('new<b>');
    expect(mail.html).toContain(`href="${undo}"`);
  });
});
