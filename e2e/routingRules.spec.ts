import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickOption } from './pickOption';

// An integration's routing rules in its details (docs/oncall/routing.md): written in the
// console, tried there on the integration's last alerts, then applied to alerts sent through
// the real ingest URL: one dropped (and listed as such), one routed to the rule's policy.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function ingest(request: APIRequestContext, key: string, title: string, labels: Record<string, string>) {
  const res = await request.post(`/api/v1/ingest/${key}`, { data: { action: 'trigger', title, dedup_key: title, labels } });
  expect(res.status(), await res.text()).toBe(202);
  return (await res.json()).alerts[0] as { dedup_key: string; alert_id: string | null; result: string };
}

/** Adds a rule in the editor dialog: one label condition, then the action. */
async function addRule(page: Page, name: string, label: [string, string], action: 'drop' | { policy: string }) {
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add routing rule' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  await dialog.getByLabel('Label name of condition 1').fill(label[0]);
  await dialog.getByLabel('Value of condition 1').fill(label[1]);
  if (action === 'drop') {
    await dialog.getByRole('radio', { name: /Drop the alert/ }).check();
  } else {
    const picker = dialog.getByRole('combobox', { name: 'Escalation policy' });
    await pickOption(picker, page.getByRole('option', { name: action.policy }), () => expect(picker).toHaveText(action.policy));
  }
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(dialog).toBeHidden();
}

test('rules written and tested in the console drop and route alerts sent to the ingest URL', async ({ page, api, request }) => {
  const user = await api.createUser();
  const created = await (
    await request.post('/api/v1/integration/', { headers: auth(user.token), data: { title: 'Alertmanager (routing)' } })
  ).json();
  const policy = await request.post('/api/v1/escalation-policies/', {
    headers: auth(user.token),
    data: { name: 'Databases on call', levels: [{ delay_minutes: 5, targets: { emails: ['dba@example.com'] } }] },
  });
  expect(policy.status()).toBe(200);
  const policyId = (await policy.json()).id as string;
  const key = created.ingest_key as string;
  await ingest(request, key, 'Disk full on staging-1', { env: 'staging' });
  await ingest(request, key, 'Replica lag on db-1', { team: 'db' });

  await signIn(page, user, `/integrations?integration=${created.id}`);
  const rules = page.getByRole('region', { name: 'Routing rules' });
  await expect(rules.getByText("No routing rule: every alert escalates by the integration's policy.")).toBeVisible();

  await addRule(page, 'Staging is noise', ['env', 'staging'], 'drop');
  await addRule(page, 'Databases', ['team', 'db'], { policy: 'Databases on call' });
  const list = rules.getByRole('list', { name: 'Rules in order' });
  await expect(list.getByRole('listitem')).toHaveText([
    /Staging is noise.*When labels\.env equals "staging".*Drop/,
    /Databases.*Route to Databases on call/,
  ]);

  // Tried as drafted, before saving: each of the last alerts with the rule that decides it.
  await rules.getByRole('button', { name: 'Test rules' }).click();
  const results = rules.getByRole('table', { name: 'Test results' });
  await expect(results.getByRole('row', { name: /Disk full on staging-1/ })).toContainText('1. Staging is noise');
  await expect(results.getByRole('row', { name: /Disk full on staging-1/ })).toContainText('Dropped');
  await expect(results.getByRole('row', { name: /Replica lag on db-1/ })).toContainText('Routed to Databases on call');

  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('The routing rules were saved', { exact: true })).toBeVisible();

  // The real ingest URL now drops the one and routes the other.
  expect(await ingest(request, key, 'Disk full on staging-2', { env: 'staging' })).toMatchObject({ alert_id: null, result: 'dropped' });
  expect(await ingest(request, key, 'Replica lag on db-2', { team: 'db' })).toMatchObject({ result: 'created' });
  const tried = await request.post(`/api/v1/integration/${created.id}/routing-rules/test`, {
    headers: auth(user.token),
    data: { limit: 1 },
  });
  expect((await tried.json()).data[0]).toMatchObject({ title: 'Replica lag on db-2', outcome: 'routed', escalation_policy_id: policyId });

  // The drop is in the integration's history, on its page.
  await page.reload();
  const drops = page.getByRole('table', { name: 'Dropped alerts' });
  await expect(drops.getByRole('row', { name: /Disk full on staging-2/ })).toContainText('Staging is noise');
});

test('a regular expression the server cannot compile is shown next to its rule, and nothing is saved', async ({ page, api, request }) => {
  const user = await api.createUser();
  const created = await api.createIntegration(user.token, { title: 'Regex check' });
  await signIn(page, user, `/integrations?integration=${created.id}`);
  const rules = page.getByRole('region', { name: 'Routing rules' });
  await rules.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add routing rule' });
  await dialog.getByLabel('Name').fill('Broken');
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  await dialog.getByLabel('Label name of condition 1').fill('instance');
  const operator = dialog.getByRole('combobox', { name: 'Operator of condition 1' });
  await pickOption(operator, page.getByRole('option', { name: 'matches the regex', exact: true }), () =>
    expect(operator).toHaveText('matches the regex'),
  );
  await dialog.getByLabel('Value of condition 1').fill('db-(1');
  await dialog.getByRole('radio', { name: /Drop the alert/ }).check();
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByRole('listitem', { name: 'Rule 1: Broken' }).getByRole('alert')).toContainText('rule 1 ("Broken")');
  const saved = await request.get(`/api/v1/integration/${created.id}/routing-rules`, { headers: auth(user.token) });
  expect((await saved.json()).count).toBe(0);
});
