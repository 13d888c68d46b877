import { randomUUID } from 'node:crypto';
import type { FailoverStack } from './failoverStack.js';

/** One request of the traffic and how it was answered (times are Date.now()). */
export interface Answer {
  kind: 'ingest' | 'acknowledge';
  /** Which web process (0 or 1) it went to. */
  web: number;
  sentAt: number;
  at: number;
  status?: number;
  retryAfter?: string | null;
  /** The `detail` of an answer that is not a success. */
  detail?: unknown;
  /** No answer at all: a reset, a refused connection, a timeout. */
  error?: string;
}

export interface Traffic {
  answers: Answer[];
  /** Alerts an ingest answered 2xx (its `alert_id`s). */
  ingested: Set<string>;
  /** Alerts a link's acknowledge answered 200. */
  acknowledged: Set<string>;
  /** Resolves once `done()` holds (checked after each answer); rejects after `timeoutMs`. */
  until(done: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Stops sending and waits for the answers still due. */
  stop(): Promise<void>;
}

export const isSuccess = (a: Answer) => a.status !== undefined && a.status >= 200 && a.status < 300;

/** Each request gets this long: longer than any wait a held connection or a connect timeout makes. */
const REQUEST_TIMEOUT_MS = 20_000;

/** The link of a new-alert email: its alert and the token signed for its recipient. */
const LINK = /\/actions\/([0-9a-f-]{36})\?t=([A-Za-z0-9._-]+)/;

/**
 * Steady traffic through both web processes, in turn: ingestion at `ingestPerSecond` (an
 * Alertmanager webhook and a PagerDuty event alternately, each a new alert, so each one email)
 * and, at `actionsPerSecond`, an acknowledge through the signed link of each email the sink
 * has received, as a recipient clicking it. Sent at a fixed pace whatever the answers take,
 * as senders do. An acknowledge answered 503 is tried again later, as a person would.
 */
export function startTraffic(stack: FailoverStack, ingestPath: string, { ingestPerSecond = 20, actionsPerSecond = 10 } = {}): Traffic {
  const answers: Answer[] = [];
  const ingested = new Set<string>();
  const acknowledged = new Set<string>();
  const waiters = new Set<() => void>();
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let turn = 0;
  let emailsRead = 0;
  const toAcknowledge: { alertId: string; token: string }[] = [];

  const send = (kind: Answer['kind'], path: string, body: unknown, headers: Record<string, string> = {}) => {
    const web = turn++ % stack.web.length;
    const answer: Answer = { kind, web, sentAt: Date.now(), at: 0 };
    const request = (async () => {
      try {
        const res = await fetch(`${stack.web[web]!.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        answer.status = res.status;
        answer.retryAfter = res.headers.get('retry-after');
        const json = (await res.json().catch(() => ({}))) as any;
        if (!isSuccess(answer)) answer.detail = json.detail;
        return json;
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        answer.error = cause?.code ?? cause?.message ?? (error as Error).message;
        return undefined;
      } finally {
        answer.at = Date.now();
        answers.push(answer);
      }
    })();
    return { answer, request };
  };

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => {
      inFlight.delete(work);
      for (const wake of waiters) wake();
    });
  };

  const ingestOne = (n: number) => {
    const key = `failover-${randomUUID()}`;
    const body =
      n % 2 === 0
        ? {
            version: '4',
            status: 'firing',
            receiver: 'vigil',
            alerts: [
              {
                status: 'firing',
                labels: { alertname: 'DiskFull', instance: key, severity: 'critical' },
                annotations: { summary: `Disk full on ${key}` },
                fingerprint: key,
              },
            ],
          }
        : {
            routing_key: 'any',
            event_action: 'trigger',
            dedup_key: key,
            payload: { summary: `Queue stuck on ${key}`, source: key, severity: 'error' },
          };
    const { answer, request } = send('ingest', ingestPath, body);
    track(
      request.then((json) => {
        if (isSuccess(answer)) for (const alert of json.alerts as { alert_id: string }[]) ingested.add(alert.alert_id);
      }),
    );
  };

  const acknowledgeOne = () => {
    for (; emailsRead < stack.mail.messages.length; emailsRead++) {
      const link = LINK.exec(stack.mail.messages[emailsRead]!.text);
      if (link) toAcknowledge.push({ alertId: link[1]!, token: link[2]! });
    }
    const next = toAcknowledge.shift();
    if (!next) return;
    const { answer, request } = send('acknowledge', `/api/v1/alert/acknowledge/${next.alertId}`, {}, { 'x-vigil-link-token': next.token });
    track(
      request.then(() => {
        if (answer.status === 200) acknowledged.add(next.alertId);
        else if (answer.status === 503) toAcknowledge.push(next);
      }),
    );
  };

  /** Calls `act(n)` at `perSecond`, on a schedule that does not drift with the answers' times. */
  const paced = async (perSecond: number, act: (n: number) => void) => {
    const start = Date.now();
    for (let n = 0; !stopping; n++) {
      act(n);
      const next = start + ((n + 1) * 1000) / perSecond;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  };
  const loops = Promise.all([paced(ingestPerSecond, ingestOne), paced(actionsPerSecond, acknowledgeOne)]);

  return {
    answers,
    ingested,
    acknowledged,
    until: (done, what, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`not within ${timeoutMs} ms: ${what}`)), timeoutMs);
        const finish = (error?: Error) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (done()) return finish();
          const exited = [...stack.web, stack.worker].find((p) => p.child.exitCode !== null);
          if (exited) finish(new Error(`an API process exited (${exited.child.exitCode}): ${exited.output().slice(-3000)}`));
        };
        waiters.add(check);
        check();
      }),
    async stop() {
      stopping = true;
      await loops;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
