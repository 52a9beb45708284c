import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueIdentity } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

/** Joins quoted-printable soft line breaks and decodes =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe.each(DIALECTS)('mail delivery on %s', (dialect) => {
  const apps = useTestApps(dialect);
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the verification mail through a real SMTP server given by SMTP_URL', async () => {
    const { app } = await apps.make({
      mailer: 'real',
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Focusroom <hello@focusroom.test>' },
    });
    const identity = uniqueIdentity('smtp');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...identity, name: '<b>Mallory</b> & co' },
    });
    expect(response.statusCode).toBe(201);
    await app.background.idle();
    const message = received.find((m) => m.to.includes(identity.email));
    expect(message).toBeDefined();
    expect(message?.from).toBe('hello@focusroom.test');
    const data = decodeQuotedPrintable(message?.data ?? '');
    expect(data).toMatch(/^Subject: Verify your Focusroom email address/m);
    expect(data).toMatch(/http:\/\/focusroom\.test\/verify-email\/[A-Za-z0-9_-]{43}/);
    expect(data).toContain('text/plain');
    expect(data).toContain('text/html');
    const html = data.slice(data.indexOf('Content-Type: text/html'));
    expect(html).toContain('&lt;b&gt;Mallory&lt;/b&gt; &amp; co');
    expect(html).not.toContain('<b>Mallory</b>');
  });

  it('writes each mail to DATA_DIR/outbox as an .eml file and logs its link when SMTP_URL is unset', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app, dataDir, clock } = await apps.make({
      mailer: 'real',
      logger: { level: 'info', stream },
    });
    const identity = uniqueIdentity('outbox');
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: identity });
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: identity.email },
    });
    await app.background.idle();

    const outbox = path.join(dataDir, 'outbox');
    const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
    const files = fs.readdirSync(outbox).filter((f) => f.startsWith(stamp));
    expect(files.sort()).toEqual([`${stamp}-reset.eml`, `${stamp}-verify.eml`]);

    const eml = fs.readFileSync(path.join(outbox, `${stamp}-reset.eml`), 'utf8');
    expect(eml).toMatch(/^From: Focusroom <no-reply@localhost>$/m);
    expect(eml).toMatch(new RegExp(`^To: ${identity.email}$`, 'm'));
    // Long headers may be folded: the value can start on the next line.
    const link = /^X-Focusroom-Link:\s+(\S+)$/m.exec(eml)?.[1];
    expect(link).toMatch(/^http:\/\/focusroom\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(decodeQuotedPrintable(eml)).toContain(link);

    const logged = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'Mail written to outbox');
    expect(logged.map((l) => l.mail.link)).toContain(link);
    const token = link?.split('/').at(-1) ?? '';
    const check = await app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` });
    expect(check.statusCode).toBe(200);
  });

  it('with LOG_FORMAT=pretty prints each mailed link as one readable line among readable request lines (debug)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const { app } = await apps.make({
      mailer: 'real',
      env: { LOG_FORMAT: 'pretty' },
      // Request lines are debug lines (decision 064).
      logger: { level: 'debug', stream },
    });
    const identity = uniqueIdentity('pretty');
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: identity });
    await app.background.idle();

    const mailLines = lines.filter((line) => line.includes(' MAIL '));
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d MAIL {2}verify mail to ${identity.email}: http://focusroom\\.test/verify-email/[A-Za-z0-9_-]{43} {3}\\(saved as \\S+\\.eml\\)$`,
      ),
    );
    // No JSON anywhere: the request lines are readable too.
    expect(lines.some((line) => line.trimStart().startsWith('{'))).toBe(false);
    expect(
      lines.some((line) =>
        / DEBUG \[req-\d+\] incoming request POST \/api\/auth\/register$/.test(line),
      ),
    ).toBe(true);
  });
});
