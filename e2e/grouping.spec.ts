import { expect, signIn, test } from './fixtures';

// Grouping (docs/oncall/grouping.md): set in the integration's details, two alerts of one group
// sent through the real ingest URL become one alert listing both occurrences.

/** An Alertmanager webhook (version 4) with one firing NodeDown alert of `instance`. */
const nodeDown = (fingerprint: string, instance: string) => ({
  version: '4',
  groupKey: '{}:{alertname="NodeDown"}',
  status: 'firing',
  receiver: 'vigil',
  groupLabels: { alertname: 'NodeDown' },
  commonLabels: { alertname: 'NodeDown' },
  commonAnnotations: {},
  externalURL: 'http://alertmanager.example.org:9093',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'NodeDown', instance, severity: 'critical' },
      annotations: { summary: `${instance} is down` },
      startsAt: new Date().toISOString(),
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus.example.org:9090/graph',
      fingerprint,
    },
  ],
});

test('grouping set in the console makes two alerts of one group one alert with two occurrences', async ({ page, api, request }) => {
  const user = await api.createUser();
  const integration = (await api.createIntegration(user.token, { title: 'Prometheus' })) as { id: string; ingest_url: string };
  await signIn(page, user, `/integrations?integration=${integration.id}`);

  const grouping = page.getByRole('dialog', { name: 'Integration details' }).getByRole('region', { name: 'Grouping' });
  await expect(grouping).toContainText('Off: every alert is its own.');
  await grouping.getByRole('textbox', { name: /Group alerts by labels/ }).fill('alertname');
  await grouping.getByRole('spinbutton', { name: /Window \(minutes\)/ }).fill('30');
  await grouping.getByRole('button', { name: 'Save grouping' }).click();
  await expect(page.getByText('Grouping saved', { exact: true })).toBeVisible();
  await expect(grouping).toContainText('Alerts with the same alertname within 30 minutes of the first are one alert.');

  const ids: string[] = [];
  for (const [fingerprint, instance] of [
    ['e2e-group-1', 'db-1'],
    ['e2e-group-2', 'db-2'],
  ] as const) {
    const res = await request.post(`${integration.ingest_url}/alertmanager`, { data: nodeDown(fingerprint, instance) });
    expect(res.status(), await res.text()).toBe(202);
    ids.push(((await res.json()) as { alerts: { alert_id: string }[] }).alerts[0]?.alert_id ?? '');
  }
  expect(ids[1]).toBe(ids[0]);

  await page.goto('/alerts');
  await expect(page.getByRole('table', { name: 'Alerts' }).locator('tbody tr')).toHaveCount(1);
  await page.goto(`/alerts?alert=${ids[0]}`);
  const dialog = page.getByRole('dialog', { name: 'Alert details' });
  const occurrences = dialog.getByRole('table', { name: 'Alert occurrences' });
  await expect(occurrences.locator('tbody tr')).toHaveCount(2);
  await expect(occurrences).toContainText('NodeDown: db-1 is down');
  await expect(occurrences).toContainText('alertname=NodeDown, instance=db-2, severity=critical');
  await expect(dialog.getByText('2 alerts, 2 firing')).toBeVisible();
});
