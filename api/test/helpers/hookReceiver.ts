import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The webhook signature checked with the receiver's secret (null when it has none). */
  signatureValid: boolean | null;
}

/** How the receiver answers: 200, 500 (a failing receiver), or a reset connection (one that is down). */
export type ReceiverMode = 'ok' | 'error' | 'reset';

/**
 * A local HTTP receiver on a free port (port 0), as a user's webhook endpoint would be: it
 * checks `X-Vigil-Signature` as docs/oncall/contact-methods.md tells receivers to, and records what arrived
 * while it answered 200 (`accepted`) apart from every attempt (`attempts`).
 */
export class HookReceiver {
  readonly attempts: ReceivedHook[] = [];
  readonly accepted: ReceivedHook[] = [];
  mode: ReceiverMode = 'ok';
  /** What it answers when it takes a delivery: 200 "ok" (a webhook, Mattermost) unless a test speaks another product's answer. */
  answer: { status: number; contentType: string; body: string } = { status: 200, contentType: 'text/plain', body: 'ok' };
  secret: string | null = null;
  private server?: http.Server;
  port = 0;

  async start(): Promise<this> {
    await this.listen(0);
    return this;
  }

  /** Stops listening: senders meet a refused connection until `up()`. */
  async down(): Promise<void> {
    await this.stop();
  }

  /** Listens again on the same port. */
  async up(): Promise<void> {
    await this.listen(this.port);
  }

  private async listen(port: number): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const hook = { path: req.url ?? '', headers: req.headers, body, signatureValid: this.check(req.headers, body) };
        this.attempts.push(hook);
        if (this.mode === 'reset') return req.socket.destroy();
        if (this.mode === 'error') {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver down for maintenance');
          return;
        }
        this.accepted.push(hook);
        res.writeHead(this.answer.status, { 'content-type': this.answer.contentType }).end(this.answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** docs/oncall/contact-methods.md's check: HMAC-SHA256 of "<t>.<body>", compared in constant time, t within 5 minutes. */
  private check(headers: http.IncomingHttpHeaders, body: string): boolean | null {
    if (!this.secret) return null;
    const header = String(headers['x-vigil-signature'] ?? '');
    const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]));
    const t = Number(parts.t);
    if (!parts.v1 || !Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
    const expected = createHmac('sha256', this.secret).update(`${t}.${body}`).digest();
    const given = Buffer.from(parts.v1, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async waitFor(predicate: (hook: ReceivedHook) => boolean, timeoutMs = 20_000): Promise<ReceivedHook> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.accepted.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching delivery within ${timeoutMs} ms (${this.attempts.length} attempts)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}
