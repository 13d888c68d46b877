import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** When the message was in, before the sink answered (a Date.now() time). */
  receivedAt: number;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  port = 0;
  /**
   * Awaited before the sink answers a message it has kept: the sender's send is under way until
   * it resolves (a test stops the database, or the sender, right after a send).
   */
  beforeAnswer?: (mail: ReceivedMail) => Promise<void>;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (mail: ParsedMail) => {
            const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
            const received = {
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html || '',
              messageId: mail.messageId ?? '',
              receivedAt: Date.now(),
            };
            this.messages.push(received);
            for (const wake of this.waiters.splice(0)) wake();
            await this.beforeAnswer?.(received);
            callback();
          })
          .catch(callback);
      },
    });
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The first message (received already or within the timeout) that matches. */
  async waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching email within ${timeoutMs} ms; got: ${this.messages.map((m) => m.subject).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}
