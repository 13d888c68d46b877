import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { slackSignatureOf } from '../../src/chat/slack/slackSignature.js';

/** One Web API call as it arrived: the method, its arguments (JSON ones parsed) and its bearer token. */
export interface SlackCall {
  method: string;
  args: Record<string, any>;
  authorization: string | undefined;
}

/** How the server answers: as Slack does, with HTTP 500, with 429 and Retry-After, or by resetting the connection. */
export type FakeSlackMode = 'ok' | 'error' | 'rate_limited' | 'reset';

export const FAKE_SLACK_TEAM = 'T0VIGIL01';

/**
 * A local server speaking the Slack Web API methods Vigil calls (chat.postMessage, chat.update,
 * chat.postEphemeral, users.lookupByEmail), as docs.slack.dev documents them: form-encoded
 * arguments, a bearer token, `{ok: true, …}` or `{ok: false, error}` with HTTP 200, and 429 with
 * Retry-After when rate-limited. Records every call (`calls`) and those it answered ok (`accepted`).
 */
export class FakeSlack {
  readonly calls: SlackCall[] = [];
  readonly accepted: SlackCall[] = [];
  mode: FakeSlackMode = 'ok';
  /** The bot token it accepts (another is `invalid_auth`). */
  token = 'xoxb-fake-bot-token-0123456789';
  /** Channels that exist: posting elsewhere is `channel_not_found`. */
  readonly channels = new Set<string>(['C0ALERTS01']);
  /** Workspace members by email, for users.lookupByEmail. */
  readonly members = new Map<string, { id: string; team_id: string }>();
  private server?: http.Server;
  private seq = 0;
  port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** The Web API's base URL, as the Slack app provider's `api_url`. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api/`;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0] ?? '';
    const args: Record<string, any> = {};
    for (const [key, value] of new URLSearchParams(raw)) {
      // The SDK sends object arguments (blocks) as JSON text in the form.
      args[key] = key === 'blocks' || key === 'attachments' ? JSON.parse(value) : value;
    }
    const call = { method, args, authorization: req.headers.authorization };
    this.calls.push(call);
    if (this.mode === 'reset') return void req.socket.destroy();
    if (this.mode === 'error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('slack is having a bad day');
    if (this.mode === 'rate_limited') {
      return void res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' }).end('{"ok":false,"error":"ratelimited"}');
    }
    const json = (body: object) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (call.authorization !== `Bearer ${this.token}`) return void json({ ok: false, error: 'invalid_auth' });
    const result = this.result(method, args);
    if (result.ok) this.accepted.push(call);
    json(result);
  }

  private result(method: string, args: Record<string, any>): Record<string, unknown> {
    switch (method) {
      case 'chat.postMessage':
        if (!this.channels.has(args.channel)) return { ok: false, error: 'channel_not_found' };
        return { ok: true, channel: args.channel, ts: `1700000000.${String(++this.seq).padStart(6, '0')}`, message: { text: args.text } };
      case 'chat.update':
        return { ok: true, channel: args.channel, ts: args.ts, text: args.text };
      case 'chat.postEphemeral':
        return { ok: true, message_ts: `1700000001.${String(++this.seq).padStart(6, '0')}` };
      case 'users.lookupByEmail': {
        const member = this.members.get(String(args.email).toLowerCase());
        return member ? { ok: true, user: { ...member, profile: { email: args.email } } } : { ok: false, error: 'users_not_found' };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  /** The accepted calls of one method. */
  of(method: string): SlackCall[] {
    return this.accepted.filter((c) => c.method === method);
  }

  async waitFor(predicate: (call: SlackCall) => boolean, timeoutMs = 20_000): Promise<SlackCall> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.accepted.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching Slack call within ${timeoutMs} ms (${this.calls.length} calls)`);
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

/** A request as Slack sends it to Vigil: form-encoded, signed with the signing secret at `timestamp` (seconds). */
export function slackRequest(secret: string, fields: Record<string, string>, timestamp = Math.floor(Date.now() / 1000)) {
  const payload = new URLSearchParams(fields).toString();
  const ts = String(timestamp);
  return {
    payload,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': slackSignatureOf(secret, ts, payload),
    },
  };
}
