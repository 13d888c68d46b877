import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickOption } from './pickOption';

// The On call remote (remote-oncall) on the real server: its page and menu entry come from the
// remotes map (the route it declares), schedules are made, read and deleted through its screens,
// and a schedule's timeline is drawn as a picture. Nothing mocked.

const menu = (page: Page) => page.getByRole('complementary', { name: 'Side menu' });

test('On call: a schedule is added with a rotation and an override, shows who is on call and its timeline, and is deleted', async ({
  page,
  api,
}) => {
  // Names of this run only: a retry, or another run on the same server, finds its own people.
  const tag = String(Date.now()).slice(-6);
  const [olgaName, benName, caiName] = [`Olga Owner ${tag}`, `Ben Second ${tag}`, `Cai Standin ${tag}`];
  const either = `(${olgaName}|${benName})`;
  const owner = await api.createUser({ full_name: olgaName });
  const ben = await api.createUser({ full_name: benName });
  const cai = await api.createUser({ full_name: caiName });
  const name = `Night watch ${Date.now()}`;
  const main = page.getByRole('main');

  await signIn(page, owner, '/');
  await menu(page).getByRole('link', { name: 'On call' }).click();
  await expect(page).toHaveURL(/\/oncall$/);
  await expect(main.getByRole('heading', { level: 1, name: 'On call' })).toBeVisible();
  await expect(main.getByRole('tab', { name: 'Schedules' })).toHaveAttribute('aria-selected', 'true');

  // Add Schedule: name and zone; the new schedule's page opens.
  await main.getByRole('button', { name: 'Add Schedule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Schedule' });
  await dialog.getByLabel('Name').fill(name);
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('');
  await zone.pressSequentially('Europe/Berl');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The schedule was created successfully', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(main.getByText('Europe/Berlin')).toBeVisible();
  await expect(main.getByTestId('on-call-now')).toHaveText('No one');
  // Rotations and overrides hold members of the schedule's team (docs/api/teams.md): the
  // schedule made Olga's own team; a superuser adds Ben and Cai to it as responders.
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const teams = (await (await page.request.get('/api/v1/teams/', { headers: bearer(owner.token) })).json()) as { data: { id: string }[] };
  const admin = await api.admin();
  for (const member of [ben, cai]) {
    const added = await page.request.post(`/api/v1/teams/${teams.data[0]?.id}/members`, {
      headers: bearer(admin.token),
      data: { user_id: member.id, role: 'responder' },
    });
    expect(added.status(), await added.text()).toBe(200);
  }

  // Add Rotation: Olga then Ben, a week each, from long ago (someone is on call now).
  await main.getByRole('button', { name: 'Add Rotation' }).click();
  const rotation = page.getByRole('dialog', { name: 'Add Rotation' });
  await rotation.getByLabel('Name').fill('Weekly');
  const inTurn = rotation.getByRole('list', { name: 'People in turn' }).getByRole('listitem');
  for (const [i, person] of [olgaName, benName].entries()) {
    await pickOption(
      rotation.getByRole('combobox', { name: 'Add a person' }),
      page.getByRole('option', { name: person }),
      () => expect(inTurn).toHaveCount(i + 1, { timeout: 3_000 }),
      person,
    );
  }
  await expect(inTurn).toHaveText([`1. ${olgaName}`, `2. ${benName}`]);
  await rotation.getByLabel('Starts').fill('2025-01-06T09:00');
  await rotation.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The rotation was created successfully', { exact: true })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Rotations' })).toContainText(`${olgaName} and ${benName}`);
  await expect(main.getByRole('list', { name: 'Rotations' })).toContainText('Every week, hand-off at 09:00; always active');
  await expect(main.getByTestId('on-call-now')).toHaveText(new RegExp(`^${either}$`));
  await expect(main.getByTestId('on-call-next')).toHaveText(new RegExp(`^${either} from \\w{3} \\d{1,2} \\w{3}, 09:00$`));

  // The timeline is a picture: a lane per person, bars naming who and when, a now-marker.
  const timeline = main.getByRole('figure', { name: `Timeline of ${name}` });
  await expect(timeline.getByRole('listitem', { name: olgaName })).toBeVisible();
  await expect(timeline.getByRole('listitem', { name: benName })).toBeVisible();
  await expect(timeline.getByTestId('timeline-bar').first()).toBeVisible();
  await expect(
    timeline
      .getByRole('button', { name: new RegExp(`^${either} on call \\w{3} \\d{1,2} \\w{3}, 09:00 – \\w{3} \\d{1,2} \\w{3}, 09:00$`) })
      .first(),
  ).toBeAttached();
  await expect(timeline.getByText('Now')).toBeVisible();
  // Four weeks: more bars than two.
  const twoWeeks = await timeline.getByTestId('timeline-bar').count();
  await main.getByRole('button', { name: '4 weeks' }).click();
  await expect.poll(() => timeline.getByTestId('timeline-bar').count()).toBeGreaterThan(twoWeeks);

  // An override adds Cai for the next hours: in the list and on the picture.
  await main.getByRole('button', { name: 'Add Override' }).click();
  const override = page.getByRole('dialog', { name: 'Add Override' });
  await override.getByRole('radio', { name: 'Add someone' }).check();
  const person = override.getByRole('combobox', { name: 'Person' });
  await pickOption(
    person,
    page.getByRole('option', { name: caiName }),
    () => expect(person).toHaveValue(caiName, { timeout: 3_000 }),
    caiName,
  );
  await override.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The override was created successfully', { exact: true })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Overrides' })).toContainText(`${caiName} is added`);
  await expect(timeline.getByRole('button', { name: new RegExp(`^Override: ${caiName} is added, `) })).toBeAttached();
  await expect(timeline.getByRole('listitem', { name: caiName })).toBeVisible();

  // The list: who is on call now per schedule.
  await main.getByRole('button', { name: 'All schedules' }).click();
  const row = main.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Europe/Berlin');
  await expect(row.getByRole('cell').nth(2)).toHaveText(new RegExp(either));

  // Someone else reads it, without edit actions.
  await signIn(page, ben, `/oncall`);
  await expect(main.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(main.getByRole('button', { name: `Actions for schedule ${name}` })).toHaveCount(0);
  await main.getByRole('button', { name, exact: true }).click();
  await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add Rotation' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  // My shifts: Ben's turns in the next four weeks.
  await main.getByRole('tab', { name: 'My shifts' }).click();
  await expect(page).toHaveURL(/\/oncall\/my-shifts$/);
  await expect(main.getByRole('table', { name: 'My shifts' })).toContainText(name);

  // The owner renames, then deletes it.
  await signIn(page, owner, '/oncall');
  await main.getByRole('button', { name: `Actions for schedule ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit schedule' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Schedule' });
  await edit.getByLabel('Name').fill(`${name} (renamed)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The schedule was updated successfully', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: `Actions for schedule ${name} (renamed)` }).click();
  await page.getByRole('menuitem', { name: 'Delete schedule' }).click();
  await page.getByRole('alertdialog', { name: 'Delete schedule' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The schedule was deleted successfully', { exact: true })).toBeVisible();
  await expect(main.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
