import type { AlertSeverity } from '../src/db/schema.js';
import type { IngestEvent } from '../src/ingest/events.js';
import { compileRules } from '../src/routing/evaluate.js';
import { routingStage } from '../src/routing/stage.js';
import { RULES } from './ingestRouting.js';

/**
 * `npx tsx api/bench/routingCost.ts`: the CPU one trigger costs the routing stage with
 * bench:ingest's ten rules (every event tested by all ten), in process, without the server or
 * the database around it: the part of the routed run's figure that is the rules' own, which a
 * loaded machine's noise in bench:ingest can hide (docs/benchmarks/ingest.md).
 */
const rules = compileRules(
  RULES.map((rule, position) => ({
    ...rule,
    id: null,
    position,
    escalation_policy_id: rule.action === 'route' ? '00000000-0000-4000-8000-000000000000' : null,
    severity: (rule.severity ?? null) as AlertSeverity | null,
  })),
);

/** bench:ingest's two kinds of alert (ingestLoad.ts): a generic event and an Alertmanager one. */
const events: IngestEvent[] = Array.from(
  { length: 1000 },
  (_, i): IngestEvent => ({
    action: 'trigger',
    dedupKey: `bench-${i.toString(16).padStart(10, '0')}`,
    title: i % 2 ? `Checkout latency above SLO on pod bench-${i}` : `HighRequestLatency: p99 latency above 500 ms on bench-${i}`,
    description: i % 2 ? null : 'The 5-minute p99 of request latency has been above 500 ms for 10 minutes.',
    severity: i % 2 ? 'high' : 'critical',
    labels:
      i % 2
        ? ({} as Record<string, string>)
        : { alertname: 'HighRequestLatency', instance: `bench-${i}.example.org:8080`, job: 'api', severity: 'critical' },
  }),
);

const context = { integrationId: 'bench', now: new Date() };
for (let i = 0; i < 50; i++) routingStage.apply(rules, events, context);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 300) || 300);
const cpu = process.cpuUsage();
for (let i = 0; i < rounds; i++) routingStage.apply(rules, events, context);
const used = process.cpuUsage(cpu);
const n = rounds * events.length;
console.log(
  `routing stage, ${RULES.length} rules: ${((used.user + used.system) / n).toFixed(2)} µs of CPU per trigger (${n.toLocaleString('en-US')} triggers)`,
);
