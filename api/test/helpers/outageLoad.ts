import { randomUUID } from 'node:crypto';
import type { ApiProcess } from './apiProcess.js';

/**
 * What the database-outage tests drive a real API process with: steady concurrent requests
 * (reads, and alert creations that each send an email), a live change stream, and the log.
 */

export interface Outcome {
  /** Milliseconds since the load started, when the answer (or the failure) came. */
  at: number;
  method: string;
  path: string;
  status?: number;
  retryAfter?: string | null;
  body?: string;
  /** The request got no answer: a dropped connection, a reset, a timeout. */
  error?: string;
}

export interface Load {
  outcomes: Outcome[];
  /** Titles of the alerts the load created (each answered 200). */
  created: string[];
  /** Resolves once `done(outcomes)` holds, checked after every answer. */
  until(done: (outcomes: Outcome[]) => boolean): Promise<void>;
  stop(): Promise<void>;
}

/** A request gets this long to be answered; none should come close (CONNECT_TIMEOUT_MS is 10 s). */
const REQUEST_TIMEOUT_MS = 25_000;

/**
 * `readers` workers each loop over the signed-in reads (alert list, the caller, the health
 * check); one writer creates alerts one after the other. Runs until `stop()`.
 */
export function startLoad(api: ApiProcess, token: string, readers = 3): Load {
  const started = Date.now();
  const outcomes: Outcome[] = [];
  const created: string[] = [];
  const waiters = new Set<() => void>();
  let stopping = false;
  const auth = { authorization: `Bearer ${token}` };

  const send = async (method: string, path: string, body?: unknown): Promise<Outcome> => {
    const outcome: Outcome = { at: 0, method, path };
    try {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { ...auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      outcome.status = res.status;
      outcome.retryAfter = res.headers.get('retry-after');
      outcome.body = await res.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      outcome.error = cause?.code ?? cause?.message ?? (error as Error).message;
    }
    outcome.at = Date.now() - started;
    outcomes.push(outcome);
    for (const wake of waiters) wake();
    return outcome;
  };

  const reads = ['/api/v1/alert/?skip=0&limit=20', '/api/v1/users/me', '/api/v1/utils/health-check/', '/api/v1/alert/stats'];
  const reader = async (offset: number) => {
    for (let i = offset; !stopping; i++) await send('GET', reads[i % reads.length]!);
  };
  const writer = async () => {
    while (!stopping) {
      const title = `Load ${randomUUID().slice(0, 8)}`;
      const outcome = await send('POST', '/api/v1/alert/', { title });
      if (outcome.status === 200) created.push(title);
    }
  };
  const running = Promise.all([writer(), ...Array.from({ length: readers }, (_, i) => reader(i))]);

  return {
    outcomes,
    created,
    until: (done) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (done(outcomes)) {
            waiters.delete(check);
            resolve();
          } else if (api.child.exitCode !== null) {
            waiters.delete(check);
            reject(new Error(`the API process exited (${api.child.exitCode}): ${api.output().slice(-3000)}`));
          }
        };
        waiters.add(check);
        check();
      }),
    async stop() {
      stopping = true;
      await running;
    },
  };
}

/** Answers that are neither a success nor the outage's 503 with Retry-After: what must never happen. */
export function unexpectedOutcomes(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((o) => {
    if (o.error !== undefined || o.status === undefined) return true;
    if (o.status >= 200 && o.status < 300) return false;
    if (o.status !== 503 || o.retryAfter !== '5') return true;
    const detail = (JSON.parse(o.body ?? '{}') as { detail?: unknown }).detail;
    const expected = o.path.startsWith('/api/v1/utils/health-check/')
      ? 'Database unavailable'
      : 'Database unavailable, please try again later';
    return detail !== expected;
  });
}

export const isOutage = (o: Outcome) => o.status === 503;
export const isSuccess = (o: Outcome) => o.status !== undefined && o.status >= 200 && o.status < 300;

/** A process's JSON log lines. */
export const logLines = (api: ApiProcess): { level: number; msg: string; [key: string]: unknown }[] =>
  api
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));

export const OUTAGE_START = 'database unreachable: requests answer 503 until it is back';
export const OUTAGE_END = 'database reachable again';

/** Error lines other than an outage's start: a stack trace per request, a crash, a failed job. */
export const unexpectedErrorLines = (api: ApiProcess) => logLines(api).filter((line) => line.level >= 50 && line.msg !== OUTAGE_START);

/**
 * GET /alert/changes read as the console reads it. `events` collects every event's name;
 * `ended` resolves to "clean" when the server ends the stream, or the error that cut it.
 */
export function openChangeStream(api: ApiProcess, token: string) {
  const events: { event: string; at: number }[] = [];
  const waiters = new Set<() => void>();
  const controller = new AbortController();
  let endedAs: string | undefined;
  const ended = (async () => {
    try {
      const res = await fetch(`${api.url}/api/v1/alert/changes`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (res.status !== 200 || !res.body) return `HTTP ${res.status}`;
      let buffer = '';
      for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const event = /^event: (.+)$/m.exec(buffer.slice(0, cut))?.[1];
          buffer = buffer.slice(cut + 2);
          if (event) events.push({ event, at: Date.now() });
          for (const wake of waiters) wake();
        }
      }
      return 'clean';
    } catch (error) {
      return controller.signal.aborted ? 'closed by the test' : String((error as { cause?: unknown }).cause ?? error);
    } finally {
      for (const wake of waiters) wake();
    }
  })().then((how) => {
    endedAs = how;
    return how;
  });
  /** Resolves once an `event` arrived after `since` (a Date.now() time), or the stream ended. */
  const next = (event: string, since: number) =>
    new Promise<boolean>((resolve) => {
      const check = () => {
        if (events.some((e) => e.event === event && e.at >= since)) return finish(true);
        if (endedAs !== undefined) return finish(false);
      };
      const finish = (got: boolean) => {
        waiters.delete(check);
        resolve(got);
      };
      waiters.add(check);
      check();
    });
  return { events, ended, next, endedAs: () => endedAs, close: () => controller.abort() };
}
