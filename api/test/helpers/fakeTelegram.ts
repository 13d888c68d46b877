import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TelegramCall {
  method: string;
  params: Record<string, any>;
  /** Whether the fake answered ok (a flood or an error answer is a call not taken). */
  ok: boolean;
}

/**
 * A local Telegram Bot API (core.telegram.org/bots/api): POST /bot<token>/<method> with a JSON
 * body, answered `{ok: true, result}` or `{ok: false, error_code, description}`; a wrong token is
 * a 401, `flood` answers 429 with parameters.retry_after as Telegram does under its limits.
 */
export class FakeTelegram {
  readonly calls: TelegramCall[] = [];
  mode: 'ok' | 'flood' = 'ok';
  readonly username = 'vigil_test_bot';
  private server?: http.Server;
  private nextMessageId = 100;
  private readonly texts = new Map<string, string>();
  port = 0;

  constructor(readonly token: string) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = (status: number, body: object) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
        if (!match || match[1] !== this.token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        const method = match[2] ?? '';
        const params = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        const call = { method, params, ok: false };
        this.calls.push(call);
        if (this.mode === 'flood') {
          return answer(429, {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 1',
            parameters: { retry_after: 1 },
          });
        }
        const result = this.handle(method, params);
        if ('error' in result) return answer(400, { ok: false, error_code: 400, description: result.error });
        call.ok = true;
        answer(200, { ok: true, result: result.value });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  private handle(method: string, params: Record<string, any>): { value: unknown } | { error: string } {
    switch (method) {
      case 'getMe':
        return { value: { id: 777, is_bot: true, first_name: 'Vigil', username: this.username } };
      case 'sendMessage': {
        const chatId = String(params.chat_id).startsWith('@') ? -1009876543210 : Number(params.chat_id);
        const messageId = this.nextMessageId++;
        this.texts.set(`${chatId}:${messageId}`, params.text);
        return { value: { message_id: messageId, chat: { id: chatId, type: 'supergroup' }, date: 0, text: params.text } };
      }
      case 'editMessageText': {
        const key = `${params.chat_id}:${params.message_id}`;
        if (!this.texts.has(key)) return { error: 'Bad Request: message to edit not found' };
        if (this.texts.get(key) === params.text) {
          return { error: 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same' };
        }
        this.texts.set(key, params.text);
        return { value: { message_id: params.message_id, chat: { id: Number(params.chat_id) }, text: params.text } };
      }
      case 'answerCallbackQuery':
      case 'setWebhook':
        return { value: true };
      default:
        return { error: `Bad Request: unknown method ${method}` };
    }
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The calls of a method that it took. */
  taken(method: string): Record<string, any>[] {
    return this.calls.filter((c) => c.ok && c.method === method).map((c) => c.params);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}
