import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { MailMessage } from './templates.js';

/** Sends one message; injectable so tests capture mail instead of sending it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The header that repeats the mail's link on one line, for tools that read the outbox. */
export const LINK_HEADER = 'X-Focusroom-Link';

function envelope(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { [LINK_HEADER]: message.link },
  };
}

/** Real SMTP (SMTP_URL), e.g. smtp://user:pass@host:587 or smtps://host:465. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(envelope(from, message));
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Development mail: each message is rendered to a real RFC 822 file in `outboxDir` named
 * `<timestamp>-<kind>.eml`, and its link is logged (one readable line unless LOG_FORMAT=json), so
 * a fresh clone works without SMTP.
 */
export function createOutboxMailer(
  outboxDir: string,
  from: string,
  clock: Clock,
  logger: FastifyBaseLogger,
): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(from, message));
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      const file = await writeUnique(outboxDir, `${stamp}-${message.kind}`, info.message as Buffer);
      // With LOG_FORMAT=pretty this entry prints as one line that holds the link (logger.ts).
      logger.info(
        { mail: { kind: message.kind, to: message.to, file, link: message.link } },
        'Mail written to outbox',
      );
    },
    async close() {
      transport.close();
    },
  };
}

async function writeUnique(dir: string, base: string, data: Buffer): Promise<string> {
  for (let n = 1; ; n++) {
    const file = path.join(dir, n === 1 ? `${base}.eml` : `${base}-${n}.eml`);
    try {
      await fs.writeFile(file, data, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
