import type { BenchApp } from './benchApp.js';

/**
 * The one place the benchmark says how an integration's alerts come to escalate by themselves:
 * an integration created through the API, its escalation set through the API, alerts made by
 * its ingest URL (which sets when each is due). The timer is then measured as it stands,
 * whatever it resolves at each level (email contacts today; policies and on-call schedules
 * once they land).
 * TODO(policies): when escalation policies become their own objects, replace the PUT below by
 * "create a policy {repeat, levels: [{delay_minutes, targets}]} and attach it", targeting a
 * schedule of the benchmark, so a due pass also resolves who is on call.
 */
export interface EscalatingIntegration {
  id: string;
  ingestKey: string;
}

export async function escalatingIntegration(
  b: BenchApp,
  title: string,
  { afterMinutes, maxLevel }: { afterMinutes: number; maxLevel: number },
): Promise<EscalatingIntegration> {
  const created = await b.call('POST', '/api/v1/integration/', { title });
  // No contacts: every active superuser is reached at each level (one notification per escalation).
  await b.call('PUT', `/api/v1/integration/${created.id}/escalation-policy`, {
    contacts: [],
    escalate_after_minutes: afterMinutes,
    max_level: maxLevel,
  });
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
