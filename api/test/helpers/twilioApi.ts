import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  resource: 'Messages' | 'Calls';
  accountSid: string;
  /** The HTTP Basic user and password the request carried. */
  username: string;
  password: string;
  fields: Record<string, string>;
  sid: string;
}

/**
 * ok: 201 with the new resource; error: 500 in Twilio's error shape; slow: no answer at all;
 * leaky: a 400 whose message echoes the request's Authorization header (a badly behaved proxy).
 */
export type TwilioMode = 'ok' | 'error' | 'slow' | 'leaky';

/**
 * A local server speaking what Vigil uses of Twilio's REST API: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json and /Calls.json, form-encoded, HTTP Basic;
 * answered 201 with a JSON resource holding its `sid` (SM… for a message, CA… for a call), as
 * Twilio documents; a wrong credential is a 401 in Twilio's error shape. It records every
 * attempt, and apart from them what it accepted.
 */
export class TwilioApi {
  readonly attempts: TwilioRequest[] = [];
  readonly accepted: TwilioRequest[] = [];
  mode: TwilioMode = 'ok';
  private server?: http.Server;
  port = 0;

  constructor(
    readonly accountSid: string,
    readonly credentials: { username: string; password: string },
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/(Messages|Calls)\.json$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const [user, password] = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    const resource = match[2] as 'Messages' | 'Calls';
    const sid = `${resource === 'Messages' ? 'SM' : 'CA'}${randomBytes(16).toString('hex')}`;
    const request = {
      resource,
      accountSid: match[1] ?? '',
      username: user ?? '',
      password: password ?? '',
      fields: Object.fromEntries(new URLSearchParams(body)),
      sid,
    };
    this.attempts.push(request);
    if (this.mode === 'slow') return; // never answered: the sender's timeout ends it
    if (this.mode === 'leaky')
      return json(400, { code: 21000, message: `refused ${req.headers.authorization} (${password})`, status: 400 });
    if (this.mode === 'error')
      return json(500, {
        code: 20500,
        message: 'Internal Server Error',
        more_info: 'https://www.twilio.com/docs/errors/20500',
        status: 500,
      });
    if (user !== this.credentials.username || password !== this.credentials.password) {
      return json(401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
    }
    if (!request.fields.To || !request.fields.From || !(request.fields.Body || request.fields.Url || request.fields.Twiml)) {
      return json(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    }
    this.accepted.push(request);
    json(201, { sid, account_sid: request.accountSid, to: request.fields.To, from: request.fields.From, status: 'queued' });
  }

  async waitFor(predicate: (r: TwilioRequest) => boolean, timeoutMs = 20_000): Promise<TwilioRequest> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.accepted.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`Twilio received no matching request within ${timeoutMs} ms (${this.attempts.length} attempts)`);
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
