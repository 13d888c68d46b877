import type { BenchApp } from './benchApp.js';

/**
 * The one place the benchmark says how an integration's alerts come to escalate by themselves:
 * an escalation policy created through the API (one level naming `scheduleIds`, run again
 * until `maxLevel`), attached to an integration created through the API, alerts made by its
 * ingest URL (which sets when each is due). So a due pass resolves who is on call in those
 * schedules at that moment for every alert it escalates, as production does.
 */
export interface EscalatingIntegration {
  id: string;
  ingestKey: string;
}

export async function escalatingIntegration(
  b: BenchApp,
  title: string,
  { afterMinutes, maxLevel, scheduleIds }: { afterMinutes: number; maxLevel: number; scheduleIds: string[] },
): Promise<EscalatingIntegration> {
  const created = await b.call('POST', '/api/v1/integration/', { title });
  // One level, repeated: alert level L reaches it again until `maxLevel` (escalation/policy.ts).
  // No schedule (or nobody on call in them): every active superuser is reached instead.
  const policy = await b.call('POST', '/api/v1/escalation-policies/', {
    name: `${title} policy`,
    repeat: Math.min(10, maxLevel - 1),
    max_level: maxLevel,
    levels: [{ delay_minutes: afterMinutes, targets: { schedule_ids: scheduleIds } }],
  });
  await b.call('PATCH', `/api/v1/integration/${created.id}`, { escalation_policy_id: policy.id });
  return { id: created.id, ingestKey: created.ingest_key };
}

/** `count` new open alerts on the integration, through its ingest URL, 1,000 per Alertmanager body. */
export async function ingestAlerts(b: BenchApp, integration: EscalatingIntegration, count: number, tag: string): Promise<void> {
  for (let from = 0; from < count; from += 1000) {
    const alerts = [];
    for (let i = from; i < Math.min(count, from + 1000); i++) {
      alerts.push({
        status: 'firing',
        labels: { alertname: 'DiskFull', instance: `host-${i}`, severity: 'warning' },
        annotations: { summary: `Disk usage above 90 % on host-${i}` },
        fingerprint: `bench-${tag}-${i}`,
      });
    }
    const answer = await b.call('POST', `/api/v1/ingest/${integration.ingestKey}`, {
      version: '4',
      status: 'firing',
      receiver: 'vigil',
      alerts,
    });
    const created = (answer.alerts as { result: string }[]).filter((a) => a.result === 'created').length;
    if (created !== alerts.length) throw new Error(`ingest: ${created} of ${alerts.length} alerts created`);
  }
}
