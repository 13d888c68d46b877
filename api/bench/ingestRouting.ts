import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import type { Matcher } from '../src/ingest/matchers.js';
import { addActiveMaintenanceWindow } from './maintenanceWindow.js';

/** How each run of `npm run bench:ingest` sets up its integration (`BENCH_INGEST_RUNS`, comma-separated). */
export const INGEST_RUNS = ['plain', 'routed'] as const;
export type IngestRun = (typeof INGEST_RUNS)[number];

export function chosenRuns(spec = process.env.BENCH_INGEST_RUNS): IngestRun[] {
  if (spec === undefined) return [...INGEST_RUNS];
  const names = spec
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(INGEST_RUNS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`BENCH_INGEST_RUNS: no run ${unknown.join(', ')} (known: ${INGEST_RUNS.join(', ')})`);
  return INGEST_RUNS.filter((run) => names.includes(run));
}

export type BenchRule = {
  name: string;
  mode: 'all' | 'any';
  matchers: Matcher[];
  action: 'route' | 'severity' | 'drop';
  severity?: string;
};

/**
 * Ten rules as a team moving from Grafana OnCall writes them, ordered so that every event of
 * the bench's traffic is tested by all ten: nine never match it (drops, routes, severities on
 * labels, titles and keys the traffic does not carry, regular expressions among them) and the
 * last, a severity rule, matches every event (evaluation goes on past a severity rule). So
 * nothing is dropped or routed (the database check still holds) and each event pays for ten
 * rules, the worst case of a list this long.
 */
export const RULES: BenchRule[] = [
  { name: 'Staging is noise', mode: 'all', matchers: [{ field: 'labels.env', op: 'equals', value: 'staging' }], action: 'drop' },
  { name: 'Payments', mode: 'all', matchers: [{ field: 'labels.team', op: 'equals', value: 'payments' }], action: 'route' },
  {
    name: 'Disks are info',
    mode: 'all',
    matchers: [{ field: 'title', op: 'regex', value: '(?i)disk.*full' }],
    action: 'severity',
    severity: 'info',
  },
  { name: 'Watchdog', mode: 'all', matchers: [{ field: 'labels.alertname', op: 'equals', value: 'Watchdog' }], action: 'drop' },
  { name: 'Databases', mode: 'all', matchers: [{ field: 'labels.instance', op: 'regex', value: '^db-\\d+\\.' }], action: 'route' },
  {
    name: 'Batch criticals',
    mode: 'all',
    matchers: [
      { field: 'labels.job', op: 'equals', value: 'batch' },
      { field: 'labels.severity', op: 'equals', value: 'critical' },
    ],
    action: 'route',
  },
  { name: 'Test keys', mode: 'all', matchers: [{ field: 'dedup_key', op: 'regex', value: '^test-' }], action: 'drop' },
  { name: 'Silenced by label', mode: 'all', matchers: [{ field: 'labels.maintenance', op: 'exists' }], action: 'drop' },
  {
    name: 'Frontends',
    mode: 'any',
    matchers: [
      { field: 'labels.service', op: 'equals', value: 'frontend' },
      { field: 'description', op: 'regex', value: 'CDN|edge' },
    ],
    action: 'route',
  },
  {
    name: 'Latency is high',
    mode: 'any',
    matchers: [
      { field: 'labels.job', op: 'equals', value: 'api' },
      { field: 'title', op: 'regex', value: 'latency' },
    ],
    action: 'severity',
    severity: 'high',
  },
];
export const BENCH_RULES = RULES.length;

/**
 * The routed run's integration: ten routing rules (the route rules to a policy of its team
 * that the traffic never reaches) and an active maintenance window (bench/maintenanceWindow.ts).
 * Written straight to the tables, as the API would store them (routing/service.ts).
 */
export async function routeIntegration(db: Db, integration: { id: string; team_id: string; owner_id: string | null }) {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO escalation_policies (owner_id, team_id, name, levels)
    VALUES (${integration.owner_id}, ${integration.team_id}, 'Routed (bench)',
      '[{"delay_minutes": null, "targets": {"user_ids": [], "schedule_ids": [], "emails": []}}]'::jsonb)
    RETURNING id`.execute(db);
  const policyId = rows[0]?.id ?? null;
  await db
    .insertInto('routing_rules')
    .values(
      RULES.map((rule, position) => ({
        integration_id: integration.id,
        position,
        name: rule.name,
        mode: rule.mode,
        matchers: JSON.stringify(rule.matchers),
        action: rule.action,
        escalation_policy_id: rule.action === 'route' ? policyId : null,
        severity: (rule.severity ?? null) as 'info' | 'high' | null,
      })),
    )
    .execute();
  return addActiveMaintenanceWindow(db, integration.id);
}
