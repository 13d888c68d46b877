import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from './fixtures';

// Calendars (docs/oncall/calendars.md) on the real server: a feed made from a schedule's page
// answers iCalendar at its URL with no login, is listed in Settings › Calendar feeds without
// its secret, and answers 404 once revoked there; the on-call hours export downloads a CSV.

test('a schedule feed made in the console is served at its secret URL until revoked; the hours export downloads', async ({
  page,
  api,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const owner = await api.createUser({ full_name: `Olga Feeds ${tag}` });
  const headers = { authorization: `Bearer ${owner.token}` };
  const made = await request.post('/api/v1/schedules/', { headers, data: { name: `Feeds ${tag}`, time_zone: 'UTC' } });
  expect(made.status(), await made.text()).toBe(200);
  const schedule = (await made.json()) as { id: string; name: string };
  const rotation = await request.post(`/api/v1/schedules/${schedule.id}/rotations`, {
    headers,
    data: {
      name: 'Always',
      user_ids: [owner.id],
      shift_unit: 'days',
      shift_count: 1,
      handoff_time: '09:00',
      starts_at: '2024-01-01T09:00:00Z',
      active_hours: [],
    },
  });
  expect(rotation.status(), await rotation.text()).toBe(200);

  await signIn(page, owner, `/oncall/schedules/${schedule.id}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Subscribe (iCal)' }).click();
  const subscribe = page.getByRole('dialog', { name: 'Subscribe (iCal)' });
  await subscribe.getByLabel('Name').fill('Phone');
  await subscribe.getByRole('button', { name: 'Create feed' }).click();
  const urlField = page.getByRole('textbox', { name: 'Feed URL', exact: true });
  await expect(urlField).toHaveValue(/\/api\/v1\/calendars\/vcf_[A-Za-z0-9_-]{43}\.ics$/);
  const url = await urlField.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();

  // The URL itself, with no login: the schedule's person on call, in UTC.
  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:Olga Feeds ${tag} on call\r\n`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);

  // The hours export: last month by default, one row for Olga, on call all of it.
  await main.getByRole('button', { name: 'Export on-call hours' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export on-call hours' });
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^oncall-hours-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  const now = new Date();
  const days = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
  expect(csv.split('\r\n')[0]).toBe('period_start,period_end,schedule_id,schedule,user_id,name,email,hours,shifts');
  expect(csv).toContain(`,${owner.id},Olga Feeds ${tag},${owner.email},${(days * 24).toFixed(2)},1\r\n`);

  // Settings › Calendar feeds lists it without its secret; Revoke stops the URL at once.
  await page.goto('/settings?tab=calendar-feeds');
  const row = page.getByRole('row').filter({ hasText: 'Phone' });
  await expect(row).toContainText(`Schedule Feeds ${tag}`);
  await expect(page.getByRole('tabpanel')).not.toContainText(url.slice(-30));
  await row.getByRole('button', { name: 'Revoke Phone' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke calendar feed' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have no calendar feeds.')).toBeVisible();
  const after = await request.get(new URL(url).pathname);
  expect(after.status()).toBe(404);
});
