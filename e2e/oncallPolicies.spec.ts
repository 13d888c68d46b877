import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickOption } from './pickOption';

// Escalation policies through remote-oncall's screens on the real server (nothing mocked): a
// policy reaching a user, then whoever is on call in a schedule, is added, shown, edited, a 422
// shown at its field, kept from deletion while an integration uses it, and deleted.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call(request: APIRequestContext, method: 'post' | 'patch', token: string, url: string, data: unknown) {
  const res = await request[method](url, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/**
 * Ticks `name` in a multiselect Dropdown (its options are checkboxes), then closes its list by
 * clicking the dialog's title. On a loaded machine the tick was lost now and then (the field still
 * read its placeholder; 2 runs in 7, cause not found; docs/testing.md): then it is done again.
 */
async function pick(dialog: Locator, combobox: string, name: string) {
  const box = dialog.getByRole('combobox', { name: combobox });
  await expect(async () => {
    await box.click();
    await dialog.getByRole('menuitemcheckbox', { name }).click();
    await dialog.getByRole('heading').first().click();
    await expect(dialog.getByRole('menu')).toBeHidden();
    await expect(box).toHaveText(name, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('Escalation policies: a policy with a user and a schedule is added, listed, edited, kept while in use, and deleted', async ({
  page,
  api,
  request,
}) => {
  const stamp = Date.now();
  const owner = await api.createUser({ full_name: `Pia Policy ${stamp}` });
  const schedule = await call(request, 'post', owner.token, '/api/v1/schedules/', { name: `Primary ${stamp}`, time_zone: 'UTC' });
  const name = `Database pager ${stamp}`;
  const main = page.getByRole('main');

  await signIn(page, owner, '/oncall/policies');
  await expect(main.getByRole('tab', { name: 'Escalation policies' })).toHaveAttribute('aria-selected', 'true');
  await main.getByRole('button', { name: 'Add Escalation Policy' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Escalation Policy' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Pages the DB team');

  // Level 1: the owner, 10 minutes. Level 2: whoever is on call in the schedule; the timer stops there.
  // A person is found by typing part of their name (the directory answers a page at a time).
  const users = dialog.getByRole('combobox', { name: 'Level 1 users' });
  await pickOption(
    users,
    dialog.getByRole('option', { name: `Pia Policy ${stamp}` }),
    () => expect(dialog.getByRole('list', { name: 'Level 1 users picked' })).toHaveText(`Pia Policy ${stamp}`, { timeout: 3_000 }),
    `Policy ${stamp}`,
  );
  await dialog.getByLabel('Level 1 escalate after (minutes)').fill('10');
  await dialog.getByRole('button', { name: 'Add level' }).click();
  // A level with nobody to reach is refused before sending.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Pick at least one user, schedule or address')).toBeVisible();
  await pick(dialog, 'Level 2 schedules', `Primary ${stamp}`);
  await dialog.getByRole('group', { name: 'Level 2' }).getByRole('checkbox', { name: 'Stop here (only by hand)' }).check();
  // The API's 422 for a bad address shows at the level's addresses field.
  await dialog.getByLabel('Level 2 email addresses').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('value is not a valid email address')).toBeVisible();
  await dialog.getByLabel('Level 2 email addresses').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The escalation policy was created successfully', { exact: true })).toBeVisible();

  const row = main.getByTestId('policy-row').filter({ hasText: name });
  await expect(row).toContainText('2 levels · 10 min → stop');
  await expect(row).toContainText(`1. Pia Policy ${stamp} · 2. Primary ${stamp} (on call)`);
  await expect(row).toContainText('No repeat');
  const [created] = (
    (await (await request.get('/api/v1/escalation-policies/?limit=100', { headers: auth(owner.token) })).json()) as {
      data: { id: string; name: string; levels: unknown[]; owner_id: string; first_level_after_minutes: number | null }[];
    }
  ).data.filter((p) => p.name === name);
  expect(created?.owner_id).toBe(owner.id);
  // A policy made in the console reaches level 1 at once, as an on-call team expects.
  expect(created?.first_level_after_minutes).toBe(0);
  expect(created?.levels).toEqual([
    { delay_minutes: 10, targets: { user_ids: [owner.id], schedule_ids: [], emails: [], hidden_email_count: 0 } },
    { delay_minutes: null, targets: { user_ids: [], schedule_ids: [schedule.id], emails: [], hidden_email_count: 0 } },
  ]);

  // Edit: repeat twice, the schedule's level first.
  await row.getByRole('button', { name: `Actions for escalation policy ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit escalation policy' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Escalation Policy' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByRole('spinbutton', { name: 'Repeat' }).fill('2');
  await expect(edit.getByRole('radio', { name: 'At once, when the alert opens' })).toBeChecked();
  await edit.getByRole('radio', { name: "After level 1's delay (the alert's owner is emailed at once)" }).check();
  await edit.getByRole('button', { name: 'Move level 2 up' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The escalation policy was updated successfully', { exact: true })).toBeVisible();
  await expect(row).toContainText('2 levels · stop → 10 min');
  await expect(row).toContainText('Repeats 2 times');

  // In use by an integration: deleting is not offered, and the API says why.
  const integration = await api.createIntegration(owner.token, { title: `Billing ${stamp}` });
  // The integration takes the policy on its own screen (remote-integrations' details dialog).
  await page.goto(`/integrations?integration=${integration.id}`);
  const details = page.getByRole('dialog');
  const picker = details.getByRole('combobox', { name: 'Escalation policy', exact: true });
  await picker.click();
  await details.getByRole('option', { name }).click();
  await expect(page.getByText('The integration now escalates by this policy', { exact: true })).toBeVisible();
  await expect(picker).toHaveText(name);
  const taken = await (await request.get(`/api/v1/integration/${integration.id}`, { headers: auth(owner.token) })).json();
  expect(taken.escalation_policy_id).toBe(created?.id);
  const edited = await (await request.get(`/api/v1/escalation-policies/${created?.id}`, { headers: auth(owner.token) })).json();
  expect(edited.first_level_after_minutes).toBeNull();
  await page.goto('/oncall/policies');
  await expect(row).toContainText('Repeats 2 times');
  await row.getByRole('button', { name: `Actions for escalation policy ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Used by 1 integration: give it another policy before deleting' })).toBeDisabled();
  await page.keyboard.press('Escape');
  const refused = await request.delete(`/api/v1/escalation-policies/${created?.id}`, { headers: auth(owner.token) });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).detail).toBe('This escalation policy is used by 1 integration: give it another policy first');

  // Freed, it is deleted through the screen.
  await call(request, 'patch', owner.token, `/api/v1/integration/${integration.id}`, { escalation_policy_id: null });
  await page.reload();
  await row.getByRole('button', { name: `Actions for escalation policy ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete escalation policy' }).click();
  await page.getByRole('alertdialog', { name: 'Delete escalation policy' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The escalation policy was deleted successfully', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("Escalation policies: a team's observer sees a policy, its addresses counted, but no way to change it", async ({
  page,
  api,
  request,
}) => {
  const owner = await api.createUser({ full_name: 'Oona Owner' });
  const other = await api.createUser({ full_name: 'Otto Other' });
  const name = `Someone else's ${Date.now()}`;
  const policy = await call(request, 'post', owner.token, '/api/v1/escalation-policies/', {
    name,
    levels: [{ delay_minutes: null, targets: { user_ids: [owner.id], emails: ['oona.pager@example.com', 'oona.desk@example.com'] } }],
  });
  // A stranger to the team sees nothing of it (docs/api/teams.md): Otto observes Oona's team.
  await call(request, 'post', (await api.admin()).token, `/api/v1/teams/${policy.team_id}/members`, {
    user_id: other.id,
    role: 'observer',
  });
  await signIn(page, owner, '/oncall/policies');
  const row = page.getByTestId('policy-row').filter({ hasText: name });
  await expect(row).toContainText('1. Oona Owner, oona.pager@example.com, oona.desk@example.com');
  await signIn(page, other, '/oncall/policies');
  await expect(row).toContainText('1 level · stop');
  await expect(row).toContainText('1. Oona Owner, 2 external addresses');
  await expect(row).not.toContainText('@example.com');
  await row.getByRole('button', { name: `Actions for escalation policy ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: "Only its team's admins or a superuser can change it" })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Edit escalation policy' })).toHaveCount(0);
});
