import type { Mailer } from '../../src/mail/mailer.js';
import type { MailKind, MailMessage } from '../../src/mail/templates.js';

/** Collects messages in memory instead of sending them. */
export class CapturingMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  private delays: number[] = [];

  async send(message: MailMessage): Promise<void> {
    const delay = this.delays.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    this.messages.push(message);
  }

  /** The next send takes `ms` before it is delivered (a slow mail server). */
  delayNext(ms: number): void {
    this.delays.push(ms);
  }

  async close(): Promise<void> {}

  to(address: string, kind?: MailKind): MailMessage[] {
    return this.messages.filter((m) => m.to === address && (!kind || m.kind === kind));
  }

  /** The newest message to `address` (of `kind`), or a thrown error naming what is missing. */
  last(address: string, kind?: MailKind): MailMessage {
    const message = this.to(address, kind).at(-1);
    if (!message) throw new Error(`no ${kind ?? ''} mail to ${address}`);
    return message;
  }

  /** The token at the end of the newest link to `address`. */
  lastToken(address: string, kind: MailKind): string {
    const token = this.last(address, kind).link.split('/').at(-1);
    if (!token) throw new Error('mail link has no token');
    return token;
  }
}
