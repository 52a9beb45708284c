import { describe, expect, it } from 'vitest';
import { escapeHtml, resetMail, verificationMail } from './templates.js';

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
});
