import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import pkg from '../../package.json' with { type: 'json' };
import type { Db } from '../db/database.js';
import { ALERT_STATES } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app, so in-process test apps don't mix). */
    metrics: Registry;
  }
}

/**
 * What is counted where it happens, in code that knows no app (notifications/delivery.ts): one
 * registry for the process, merged into each app's. A process runs one app; tests that build
 * several in one process read differences.
 */
const processRegistry = new Registry();

/** Failed send attempts: `final="false"` is retried after its backoff, `final="true"` was the last (the notification is marked failed). */
export const notificationFailures = new Counter({
  name: 'vigil_notification_failures_total',
  help: 'Notification send attempts that failed; final="true": the last attempt, the notification marked failed',
  labelNames: ['final'] as const,
  registers: [processRegistry],
});
// Both series exist from the start, so the first failure is an increase Prometheus can see.
for (const final of ['false', 'true']) notificationFailures.inc({ final }, 0);

/**
 * Prometheus metrics: requests and latencies by route template (never the raw URL, whose ids
 * would make a series per alert), process metrics, alerts by state and the backlogs an operator
 * alerts on (the outbox's oldest wait, the escalation timer's lag), read at scrape time.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vigil_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'vigil_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'vigil_alerts',
    help: 'Alerts by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await alertsByState(db);
      for (const state of ALERT_STATES) this.set({ state }, counts[state]);
    },
  });
  // Which build answers, and which replica: behind the gateway each scrape reaches one
  // replica, and a container's hostname is its id in `docker ps`. Not `instance`, the label
  // Prometheus sets to the scraped address (docs/deploy/metrics.md).
  new Gauge({
    name: 'vigil_build_info',
    help: 'Always 1: the API version and the host (container) of this process',
    labelNames: ['version', 'hostname'] as const,
    registers: [registry],
  }).set({ version: pkg.version, hostname: hostname() }, 1);
  // The database's own clock, as every replica reads the same rows: one answer however many
  // replicas are scraped (take the max across them). Both read through a small index.
  new Gauge({
    name: 'vigil_notification_outbox_oldest_seconds',
    help: 'How long the oldest notification due to leave the outbox has waited for a relay to queue it (0: none waits)',
    registers: [registry],
    async collect() {
      this.set(await secondsOverdue(db, 'outbox'));
    },
  });
  new Gauge({
    name: 'vigil_escalation_lag_seconds',
    help: 'How long past its escalation time the most overdue unacknowledged alert waits (0: none overdue)',
    registers: [registry],
    async collect() {
      this.set(await secondsOverdue(db, 'escalation'));
    },
  });
  app.decorate('metrics', Registry.merge([registry, processRegistry]));
  // One pair of series children per method, route and status, looked up by a plain string:
  // prom-client would otherwise hash the label object on every request.
  const series = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched requests (404s) share one label instead of one series per probed path.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let children = series.get(key);
    if (!children) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      children = { count: requests.labels(labels), time: durations.labels(labels) };
      series.set(key, children);
    }
    children.count.inc();
    children.time.observe(reply.elapsedTime / 1000);
    done();
  });
});

/** Open states through the partial index (few rows); closed ones as the O(1) total minus those. */
async function alertsByState(db: Db): Promise<Record<(typeof ALERT_STATES)[number], number>> {
  const [unclosed, total] = await Promise.all([
    sql<{ state: string; n: number }>`SELECT state, count(*)::int AS n FROM alerts WHERE state <> 'closed' GROUP BY state`.execute(db),
    sql<{ n: string }>`SELECT coalesce(sum(alerts), 0) AS n FROM owner_counts`.execute(db),
  ]);
  const counts = { open: 0, acknowledged: 0, escalated: 0, closed: 0 };
  for (const row of unclosed.rows) counts[row.state as keyof typeof counts] = Number(row.n);
  counts.closed = Number(total.rows[0]?.n ?? 0) - counts.open - counts.acknowledged - counts.escalated;
  return counts;
}

/**
 * How long the most overdue item has been due, in seconds (0 when none is). `outbox`: rows the
 * relay has not queued, due since they were written or since their delay ended (send_after);
 * their wait grows when no process relays (no worker runs). `escalation`: open or escalated
 * alerts past next_escalation_at, which the escalation timer takes within
 * ESCALATION_CHECK_SECONDS when it runs.
 */
async function secondsOverdue(db: Db, what: 'outbox' | 'escalation'): Promise<number> {
  const query =
    what === 'outbox'
      ? sql<{ seconds: number | null }>`
          SELECT extract(epoch FROM now() - min(coalesce(o.send_after, n.created_at)))::float8 AS seconds
          FROM notification_outbox o JOIN notifications n ON n.id = o.notification_id
          WHERE o.send_after IS NULL OR o.send_after <= now()`
      : sql<{ seconds: number | null }>`
          SELECT extract(epoch FROM now() - min(next_escalation_at))::float8 AS seconds
          FROM alerts WHERE next_escalation_at <= now() AND state IN ('open', 'escalated')`;
  const { rows } = await query.execute(db);
  return Math.max(0, Number(rows[0]?.seconds ?? 0));
}
