import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTMANAGER, type RunningAlertmanager, serveOnPort, startAlertmanager } from '../helpers/alertmanager.js';
import { eventually } from '../helpers/eventually.js';
import { storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// A real Prometheus Alertmanager (Debian's) sends to Vigil as it would to Opsgenie, with only
// `api_url` changed (opsgenie_configs, update_alerts on), and to the URL a Grafana OnCall
// Alertmanager integration had, with only the host changed (webhook_configs).

describe.skipIf(!ALERTMANAGER)('a real Alertmanager, pointed at the drop-ins', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof serveOnPort>>;
  let alertmanager: RunningAlertmanager;
  let opsgenie: TestIntegration;
  let oncall: TestIntegration;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.createUser({ email: 'am-dropins@example.com' });
    opsgenie = await createIntegration(t, owner, 'Alertmanager via Opsgenie');
    oncall = await createIntegration(t, owner, 'Alertmanager via OnCall');
    server = await serveOnPort(t.app);
    alertmanager = await startAlertmanager(`
route:
  receiver: opsgenie
  group_by: [alertname]
  group_wait: 100ms
  group_interval: 1s
  repeat_interval: 1h
  routes:
    - matchers: ['via="oncall"']
      receiver: oncall
receivers:
  - name: opsgenie
    opsgenie_configs:
      - api_key: ${opsgenie.key}
        api_url: ${server.url}/
        message: '{{ .CommonLabels.alertname }}: {{ .CommonAnnotations.summary }}'
        priority: '{{ if eq .CommonLabels.severity "critical" }}P1{{ else }}P3{{ end }}'
        tags: 'prometheus,team-{{ .CommonLabels.team }}'
        entity: '{{ .CommonLabels.instance }}'
        details:
          runbook: '{{ .CommonAnnotations.runbook_url }}'
        update_alerts: true
  - name: oncall
    webhook_configs:
      - url: ${server.url}/integrations/v1/alertmanager/${oncall.key}/
`);
  }, 60_000);
  afterAll(async () => {
    await alertmanager?.close();
    await server?.close();
    await t?.close();
  });

  const requestsOf = (integrationId: string) =>
    t.db
      .selectFrom('opsgenie_requests')
      .select(['action', 'success', 'status', 'alias'])
      .where('integration_id', '=', integrationId)
      .orderBy('processed_at')
      .execute();

  it('opsgenie_configs: a firing group is an alert (updated in place), its resolution closes it', async () => {
    const labels = { alertname: 'DiskFull', severity: 'critical', instance: 'db-1', team: 'storage' };
    const annotations = { summary: 'Disk 95% full', runbook_url: 'https://runbooks.example.org/disk' };
    await alertmanager.push([{ labels, annotations }]);

    const [alert] = await eventually(
      () => storedAlerts(t, opsgenie.id),
      (a) => a.length === 1,
      'the Opsgenie create',
    );
    expect(alert).toMatchObject({ title: 'DiskFull: Disk 95% full', severity: 'critical', state: 'open' });
    // Alertmanager's alias: the SHA-256 of the group key.
    expect(alert?.dedup_key).toMatch(/^[0-9a-f]{64}$/);
    const stored = await t.db.selectFrom('alerts').select(['labels', 'description']).where('id', '=', alert!.id).executeTakeFirstOrThrow();
    expect(stored.labels).toMatchObject({
      alertname: 'DiskFull',
      instance: 'db-1',
      entity: 'db-1',
      priority: 'P1',
      runbook: 'https://runbooks.example.org/disk',
      'tag:prometheus': 'true',
      'tag:team-storage': 'true',
    });
    // update_alerts: the message and the description are sent again after the create, and applied.
    const sent = await eventually(
      () => requestsOf(opsgenie.id),
      (r) => r.length >= 3,
      'create and both updates recorded',
    );
    expect(sent.map((r) => [r.action, r.success, r.status])).toEqual([
      ['Create', true, 'Created alert'],
      ['UpdateMessage', true, 'Updated message'],
      ['UpdateDescription', true, 'Updated description'],
    ]);

    await alertmanager.push([{ labels, annotations, endsAt: new Date(Date.now() - 1000).toISOString() }]);
    await eventually(
      async () => (await storedAlerts(t, opsgenie.id))[0]?.state,
      (s) => s === 'closed',
      'closed by its alias',
    );
    expect((await requestsOf(opsgenie.id)).at(-1)).toMatchObject({ action: 'Close', success: true, status: 'Closed alert' });
    const history = await t.db.selectFrom('alert_events').select(['action', 'via']).where('alert_id', '=', alert!.id).execute();
    expect(history).toEqual([{ action: 'close', via: 'integration' }]);
    expect(alertmanager.log()).not.toMatch(/Notify for alerts failed/);
  });

  it("webhook_configs to OnCall's alertmanager URL: one alert per Alertmanager alert, resolved with it", async () => {
    const labels = { alertname: 'QueueBacklog', via: 'oncall', severity: 'warning', queue: 'emails' };
    await alertmanager.push([{ labels, annotations: { summary: '5,000 messages waiting' } }]);
    const [alert] = await eventually(
      () => storedAlerts(t, oncall.id),
      (a) => a.length === 1,
      'the webhook at the OnCall URL',
    );
    expect(alert).toMatchObject({ title: 'QueueBacklog: 5,000 messages waiting', severity: 'warning', state: 'open' });
    await alertmanager.push([{ labels, endsAt: new Date(Date.now() - 1000).toISOString() }]);
    await eventually(
      async () => (await storedAlerts(t, oncall.id))[0]?.state,
      (s) => s === 'closed',
      'resolved',
    );
  });
});
