import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './testApp.js';

export interface OpenStream {
  /** The names of the events received so far. */
  events: string[];
  /** Resolves once `count` "alerts-changed" events have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream; fails while it stays open past `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** GET /alert/changes as the console reads it (fetch, bearer header), open once `ready` arrived. */
export async function openStream(url: string, user: TestUser): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/v1/alert/changes`, { headers: user.auth, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: string[] = [];
  const waiters: (() => void)[] = [];
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        if (name) events.push(name);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  const waitFor = async (count: number, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (events.filter((e) => e === 'alerts-changed').length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} alerts-changed, got events: ${events.join(', ')}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  await new Promise<void>((resolve) => {
    const check = () => (events.includes('ready') ? resolve() : setTimeout(check, 20));
    check();
  });
  const ended = (timeoutMs = 10_000) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the server left the stream open for ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([reading, late]).finally(() => clearTimeout(timer));
  };
  return {
    events,
    waitFor,
    ended,
    close: () => {
      controller.abort();
      void reader.cancel().catch(() => {});
    },
  };
}

/**
 * Closes a listening app whose clients were fetch (undici): it opens spare connections it
 * never sends a request on, even while the app closes, and Node's close would wait minutes
 * for those. Cut until the server has stopped.
 */
export async function closeServer(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  const sweep = setInterval(() => app.server.closeAllConnections(), 50);
  try {
    await closing;
  } finally {
    clearInterval(sweep);
  }
}
