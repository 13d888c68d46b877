import { sql } from 'kysely';
import { BULK_MAX } from '../../src/alerts/schema.js';
import { type Measured, measured } from './atTheCaps.js';
import type { BenchApp } from './benchApp.js';

/**
 * The other routes whose work grows with what a caller sends or has stored, at their bounds,
 * watched like the on-call routes (the event loop's delay while they run, one after another):
 * an ingest body of 1,000 alerts (INGEST_MAX_ALERTS_PER_BODY), a bulk close of 100 alerts
 * (BULK_MAX), the alert list at its page cap, the user directory (every user), the schedules list.
 */
export interface OtherRoute {
  route: string;
  figures: Measured;
}

const ALERTS_PER_BODY = 1000;

function alertmanagerBody(tag: string) {
  return {
    version: '4',
    status: 'firing',
    receiver: 'vigil',
    alerts: Array.from({ length: ALERTS_PER_BODY }, (_, i) => ({
      status: 'firing',
      labels: { alertname: 'DiskFull', instance: `host-${i}`, severity: 'warning' },
      annotations: { summary: `Disk usage above 90 % on host-${i}` },
      fingerprint: `bench-loop-${tag}-${i}`,
    })),
  };
}

export async function measureOtherRoutes(b: BenchApp, rounds: number): Promise<OtherRoute[]> {
  const integration = await b.call('POST', '/api/v1/integration/', { title: 'Bench: event loop survey' });
  let body = 0;
  const ingest = () => b.call('POST', `/api/v1/ingest/${integration.ingest_key}`, alertmanagerBody(String(body++)));
  const openIds = async () => {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM alerts WHERE integration_id = ${integration.id} AND state <> 'closed' LIMIT ${BULK_MAX}`.execute(b.db);
    return rows.map((r) => r.id);
  };
  const routes: OtherRoute[] = [
    { route: `POST /ingest/{key}, ${ALERTS_PER_BODY} alerts in one body`, figures: await measured(rounds, ingest) },
  ];
  routes.push({
    route: `POST /alert/bulk, close ${BULK_MAX} alerts`,
    figures: await measured(rounds, async () => b.call('POST', '/api/v1/alert/bulk', { action: 'close', ids: await openIds() })),
  });
  for (const [route, url] of [
    ['GET /alert/, a page of 100', '/api/v1/alert/?limit=100'],
    ['GET /users/directory (every user)', '/api/v1/users/directory'],
    ['GET /schedules/, a page of 100', '/api/v1/schedules/?limit=100'],
  ] as const) {
    routes.push({ route, figures: await measured(rounds, () => b.call('GET', url)) });
  }
  return routes;
}
