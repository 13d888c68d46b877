import { expect, signIn, test } from './fixtures';

// Maintenance windows (docs/oncall/maintenance.md): one made in the console's integration
// details silences an alert sent to the integration's real ingest URL; the dashboard, the
// alerts list and the integration say so; ended early, the alert is paged at the sweep's next
// pass (ESCALATION_CHECK_SECONDS, 15 s).

test('a window made in the console silences an alert sent through the ingest API, until it is ended', async ({ page, api, request }) => {
  test.setTimeout(120_000);
  const user = await api.createUser();
  const integration = (await api.createIntegration(user.token, { title: 'Payments DB' })) as { id: string; ingest_url: string };
  await signIn(page, user, `/integrations?integration=${integration.id}`);

  const details = page.getByRole('dialog', { name: 'Integration details' });
  const section = details.getByRole('region', { name: 'Maintenance' });
  await section.getByRole('button', { name: 'Add maintenance window' }).click();
  const form = page.getByRole('dialog', { name: 'Add maintenance window' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  // Once, from now for two hours, this integration, every alert: the form's defaults.
  await form.getByRole('textbox', { name: 'Name' }).fill('Failover drill');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The maintenance window was created successfully', { exact: true })).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: 'Failover drill' });
  await expect(row.getByText('In progress', { exact: true })).toBeVisible();

  const sent = await request.post(integration.ingest_url, { data: { action: 'trigger', title: 'Replica lag', dedup_key: 'replica-lag' } });
  expect(sent.status(), await sent.text()).toBe(202);
  const alertId = ((await sent.json()) as { alerts: { alert_id: string }[] }).alerts[0]?.alert_id ?? '';
  const read = async () =>
    (await (await request.get(`/api/v1/alert/${alertId}`)).json()) as {
      silenced_until: string | null;
      maintenance_window_id: string | null;
    };
  expect((await read()).silenced_until).not.toBeNull();

  await page.goto('/');
  const card = page.getByRole('region', { name: 'In maintenance now' });
  await expect(card.getByTestId('silenced-count')).toHaveText('1 alert silenced');
  await expect(card.getByRole('link', { name: 'Failover drill' })).toBeVisible();

  await page.goto('/alerts');
  const alertRow = page.getByRole('table', { name: 'Alerts' }).locator('tbody tr').filter({ hasText: 'Replica lag' });
  await expect(alertRow.getByText('Silenced', { exact: true })).toBeVisible();

  await signIn(page, user, `/integrations?integration=${integration.id}`);
  await expect(row).toContainText('1 silenced');
  await row.getByRole('button', { name: 'End Failover drill now' }).click();
  await expect(page.getByText('The maintenance window was ended', { exact: true })).toBeVisible();
  await expect(row.getByText('Over', { exact: true })).toBeVisible();
  // The next sweep pages it: the silence is gone, the window it came from is remembered.
  await expect.poll(async () => (await read()).silenced_until, { timeout: 40_000 }).toBeNull();
  expect((await read()).maintenance_window_id).not.toBeNull();
});
