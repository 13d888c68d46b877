import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { answered } from './api.js';
import type { TestIntegration } from './integrations.js';
import type { TestApp } from './testApp.js';

/** The senders' example bodies: data, kept apart from the helpers' code. */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/ingest');

/** A sender's body, written from the vendor's documented example (a fresh copy each time). */
export const fixture = (name: string): any => JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));

export function send(
  t: TestApp,
  integration: Pick<TestIntegration, 'path'>,
  payload: unknown,
  format?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: format ? `${integration.path}/${format}` : integration.path,
    payload: payload as object,
    headers: { 'content-type': 'application/json' },
  });
}

/** A new alert under the integration, raised through its ingest URL: a generic trigger whose dedup key is its title. */
export async function triggerAlert(
  t: TestApp,
  integration: Pick<TestIntegration, 'path'>,
  title = `Disk full ${randomUUID().slice(0, 8)}`,
): Promise<{ alertId: string; title: string }> {
  const answer = answered(await send(t, integration, { action: 'trigger', title, dedup_key: title }), 202);
  return { alertId: answer.alerts[0].alert_id, title };
}

export interface StoredAlert {
  id: string;
  title: string;
  description: string | null;
  state: string;
  severity: string;
  dedup_key: string | null;
  occurrence_count: number;
  owner_id: string | null;
  integration_id: string | null;
}

/** An integration's alerts as stored, oldest first. */
export async function storedAlerts(t: TestApp, integrationId: string): Promise<StoredAlert[]> {
  return t.db
    .selectFrom('alerts')
    .select(['id', 'title', 'description', 'state', 'severity', 'dedup_key', 'occurrence_count', 'owner_id', 'integration_id'])
    .where('integration_id', '=', integrationId)
    .orderBy('created_at')
    .orderBy('dedup_key')
    .execute();
}

/** Every owner's trigger-kept alert count equals count(*). */
export async function expectCountsExact(t: TestApp): Promise<void> {
  const { rows } = await sql<{ owner_id: string; stored: number; counted: number }>`
    SELECT u.id AS owner_id,
      (SELECT coalesce(sum(c.alerts), 0) FROM owner_counts c WHERE c.owner_id = u.id)::int AS stored,
      (SELECT count(*) FROM alerts a WHERE a.owner_id = u.id)::int AS counted
    FROM users u`.execute(t.db);
  for (const row of rows) expect(row.stored, `owner_counts of ${row.owner_id}`).toBe(row.counted);
}
