import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// The lists on a 390 px phone, as on-call people read them at night: each row is a card with the
// whole title, the state and severity where an alert has them, and the row's menu in reach;
// nothing scrolls sideways; the On call tabs show every label whole. And on a desktop, the side
// menu runs the window's whole height however long the page.

const PHONE = { width: 390, height: 844 };
const LONG_TITLE = 'Primary database replica lag above thirty seconds in eu-west-1';
/** Every user reads every schedule: a test's own has a name no other test's has. */
const longScheduleName = () => `Primary database replicas in eu-west-1, on call ${randomUUID().slice(0, 8)}`;

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(PHONE.width);
}

/** Shown whole: inside the viewport, and its text not cut (no ellipsis, no clipping). */
async function expectWhole(element: Locator) {
  await element.scrollIntoViewIfNeeded();
  await expect(element).toBeInViewport({ ratio: 1 });
  const cut = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return node.scrollWidth > Math.ceil(box.width) + 1;
  });
  expect(cut, `${await element.textContent()} is cut`).toBe(false);
}

/** A card: a row laid out as a grid no wider than the screen, with the table's column headers hidden. */
async function expectCard(table: Locator, row: Locator) {
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeHidden();
  const box = await row.boundingBox();
  expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(PHONE.width);
  expect(await row.evaluate((node) => getComputedStyle(node).display)).toBe('grid');
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the alerts list is cards: the whole title, state, severity, age and the menu', async ({ page, api }) => {
    const user = await api.createUser();
    const alert = await api.createAlert(user.token, {
      title: LONG_TITLE,
      description: 'Lag measured by pg_stat_replication',
      severity: 'critical',
    });
    await signIn(page, user, '/alerts');
    const table = page.getByRole('table', { name: 'Alerts' });
    const row = table.getByRole('row').filter({ hasText: LONG_TITLE });
    await expect(row).toBeVisible();
    await expectCard(table, row);
    await expectWhole(row.getByRole('button', { name: LONG_TITLE, exact: true }));
    await expectWhole(row.getByText('Open', { exact: true }));
    await expectWhole(row.getByText('Critical', { exact: true }));
    await expectWhole(row.getByText(/^Opened .+ ago$/));
    await expect(row.getByText('Lag measured by pg_stat_replication')).toBeVisible();
    await expectWhole(row.getByRole('button', { name: `Actions for alert ${LONG_TITLE}` }));
    await expectWhole(row.getByRole('checkbox', { name: `Select alert ${LONG_TITLE}` }));
    // Selecting the whole page stays possible: the header keeps its box, labelled on screen.
    await expectWhole(table.getByRole('checkbox', { name: 'Select all alerts on this page' }));
    // The ID column is left out: the title stands for the alert.
    await expect(row.getByText(alert.id.slice(0, 8))).toBeHidden();
    await expectNoSidewaysScroll(page);

    await row.getByRole('button', { name: `Actions for alert ${LONG_TITLE}` }).click();
    await expect(page.getByRole('menuitem', { name: 'View details' })).toBeVisible();
  });

  test('the integrations list is cards: the whole title, the description and the menu', async ({ page, api }) => {
    const user = await api.createUser();
    await api.createIntegration(user.token, { title: LONG_TITLE, description: 'Alertmanager of the EU cluster' });
    await signIn(page, user, '/integrations');
    const table = page.getByRole('table', { name: 'Integrations' });
    const row = table.getByRole('row').filter({ hasText: LONG_TITLE });
    await expect(row).toBeVisible();
    await expectCard(table, row);
    await expectWhole(row.getByRole('button', { name: LONG_TITLE, exact: true }));
    await expect(row.getByText('Alertmanager of the EU cluster')).toBeVisible();
    await expectWhole(row.getByRole('button', { name: `Actions for integration ${LONG_TITLE}` }));
    await expectNoSidewaysScroll(page);
  });

  test('On call: every tab label whole, and the schedules list is cards', async ({ page, api, request }) => {
    const user = await api.createUser();
    const scheduleName = longScheduleName();
    const res = await request.post('/api/v1/schedules/', {
      headers: { authorization: `Bearer ${user.token}` },
      data: { name: scheduleName, time_zone: 'Europe/Berlin' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await signIn(page, user, '/oncall');
    const tabs = page.getByRole('tablist', { name: 'On call sections' });
    for (const label of ['Schedules', 'My shifts', 'Escalation policies', 'Contact methods']) {
      await expectWhole(tabs.getByRole('tab', { name: label }));
    }
    const table = page.getByRole('table', { name: 'Schedules' });
    const row = table.getByTestId('schedule-row').filter({ hasText: scheduleName });
    await expect(row).toBeVisible();
    await expectCard(table, row);
    await expectWhole(row.getByRole('button', { name: scheduleName, exact: true }));
    // A column other than the title is a line led by its header.
    await expect(row.getByText('Europe/Berlin')).toBeVisible();
    expect(await row.locator('[data-label="Time zone"]').evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain(
      'Time zone',
    );
    await expectWhole(row.getByRole('button', { name: `Actions for schedule ${scheduleName}` }));
    await expectNoSidewaysScroll(page);

    await tabs.getByRole('tab', { name: 'Contact methods' }).click();
    await expect(page).toHaveURL(/\/oncall\/contact-methods$/);
    await expectNoSidewaysScroll(page);
  });

  test("My shifts and an alert's notifications stack their rows instead of scrolling sideways", async ({ page, api, request }) => {
    const user = await api.createUser();
    const scheduleName = longScheduleName();
    const auth = { authorization: `Bearer ${user.token}` };
    const schedule = await (
      await request.post('/api/v1/schedules/', { headers: auth, data: { name: scheduleName, time_zone: 'Europe/Berlin' } })
    ).json();
    const rotation = await request.post(`/api/v1/schedules/${schedule.id}/rotations`, {
      headers: auth,
      data: {
        name: 'Daily',
        user_ids: [user.id],
        shift_unit: 'days',
        shift_count: 1,
        handoff_time: '09:00',
        starts_at: '2025-01-06T09:00:00+01:00',
        active_hours: [],
      },
    });
    expect(rotation.status(), await rotation.text()).toBe(200);
    await signIn(page, user, '/oncall/my-shifts');
    const shifts = page.getByRole('table', { name: 'My shifts' });
    const shift = shifts.getByRole('row').filter({ hasText: scheduleName }).first();
    await expect(shift).toBeVisible();
    expect(await shift.evaluate((row) => getComputedStyle(row).display)).toBe('block');
    await expectWhole(shift.getByRole('button', { name: scheduleName, exact: true }));
    await expectNoSidewaysScroll(page);

    const alert = await api.createAlert(user.token, { title: LONG_TITLE });
    await page.goto(`/alerts?alert=${alert.id}`);
    // The alert's notifications: its owner is emailed when it opens.
    const history = page.getByRole('dialog').getByRole('table', { name: 'Alert notifications' });
    await expect(history.getByRole('row').first()).toBeVisible();
    expect(
      await history
        .getByRole('row')
        .first()
        .evaluate((row) => getComputedStyle(row).display),
    ).toBe('block');
    // Nothing in the dialog's body runs past its right edge.
    const overflow = await history.evaluate((table) => table.scrollWidth - table.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    const box = await history.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(PHONE.width);
  });
});

test('on a desktop the side menu runs the window height on a long page', async ({ page, api }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  const user = await api.createUser();
  for (let i = 0; i < 12; i++) await api.createAlert(user.token, { title: `Disk almost full on node ${i}` });
  await signIn(page, user, '/alerts');
  await expect(page.getByRole('row').filter({ hasText: 'Disk almost full on node 11' })).toBeVisible();
  const long = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(long).toBeGreaterThan(600);
  const menu = page.getByRole('complementary', { name: 'Side menu' });
  for (const at of [0, long]) {
    await page.evaluate((y) => window.scrollTo(0, y), at);
    // The menu's panel (its column) reaches the window's bottom wherever the page is scrolled.
    const bottom = await menu.evaluate((aside) => {
      const column = aside.parentElement?.getBoundingClientRect();
      return { menu: aside.getBoundingClientRect().bottom, column: column?.bottom ?? 0, window: window.innerHeight };
    });
    expect(Math.abs(bottom.menu - bottom.window), `scrolled to ${at}`).toBeLessThanOrEqual(2);
    expect(bottom.column, `scrolled to ${at}`).toBeGreaterThanOrEqual(bottom.window - 1);
  }
  // The menu's panel (the box painting its background) spans the page's whole height, so a
  // full-page picture shows it to the bottom too, not a window's height of it.
  const panel = await menu.evaluate((aside) => {
    let box: Element | null = aside;
    while (box && getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') box = box.parentElement;
    return box?.getBoundingClientRect().height ?? 0;
  });
  const topBar = 56;
  expect(panel).toBeGreaterThanOrEqual(long - topBar - 1);
});
