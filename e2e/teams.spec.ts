import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickOption } from './pickOption';

// Teams (docs/console/teams.md): a user creates a team, invites a second by email, who accepts
// on /invite and then sees the team's integration; the admin changes their role; they leave.
// Against the real API: every step is what the console sent and the API answered.

const memberRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Members' })
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });

test('create a team, invite a second user who joins, change their role, and they leave', async ({ page, api }) => {
  const ann = await api.createUser({ full_name: 'Ann Admin' });
  const bob = await api.createUser({ full_name: 'Bob Second' });
  const name = `Payments ${Date.now()}`;

  // Ann creates the team from /teams and lands on its page, as its admin.
  await signIn(page, ann, '/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  await page.getByRole('button', { name: 'New team' }).first().click();
  const create = page.getByRole('dialog', { name: 'New team' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const teamId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(teamId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(memberRow(page, 'Ann Admin')).toContainText('Admin');
  const integration = await api.createIntegration(ann.token, { title: `Checkout ${Date.now()}`, team_id: teamId });

  // She invites Bob as an observer; the link is shown once.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite member' });
  await invite.getByLabel('Email').fill(bob.email);
  const role = invite.getByRole('combobox', { name: /Role/ });
  await pickOption(role, page.getByRole('option', { name: 'Observer' }), () => expect(role).toHaveText('Observer'));
  await invite.getByRole('button', { name: 'Invite' }).click();
  const sent = page.getByRole('region', { name: 'Invitation sent' });
  await expect(sent).toContainText(`${bob.email} is invited as observer.`);
  const link = new URL(await sent.getByRole('textbox', { name: 'Invitation link' }).inputValue());
  expect(link.pathname).toBe('/invite');
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(bob.email);

  // Bob, signed in, opens the link and joins: the team's page, then its integration in his list.
  await signIn(page, bob, link.pathname + link.search);
  await expect(page.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  await expect(page.getByText(`You are invited to ${name} as an observer.`)).toBeVisible();
  await page.getByRole('button', { name: `Join ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}$`));
  await expect(memberRow(page, 'Bob Second')).toContainText('Observer');
  await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await page.goto('/integrations');
  await expect(page.getByRole('table', { name: 'Integrations' }).getByRole('cell', { name: integration.title, exact: true })).toBeVisible();

  // Ann makes him a responder.
  await signIn(page, ann, `/teams/${teamId}`);
  await page.getByRole('button', { name: 'Actions for Bob Second' }).click();
  await page.getByRole('menuitem', { name: 'Make responder' }).click();
  await expect(page.getByText('Bob Second is now responder.', { exact: true })).toBeVisible();
  await expect(memberRow(page, 'Bob Second')).toContainText('Responder');
  await expect(page.getByText('No pending invitations.')).toBeVisible();

  // Bob leaves: back on /teams, in no team; the integration is gone from his list.
  await signIn(page, bob, `/teams/${teamId}`);
  await expect(memberRow(page, 'Bob Second')).toContainText('Responder');
  await page.getByRole('button', { name: 'Leave team' }).click();
  await page.getByRole('alertdialog', { name: 'Leave team' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByText(`You left ${name}.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You aren't in any team yet" })).toBeVisible();
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: "You don't have any integrations yet" })).toBeVisible();
});

test('the last admin cannot leave: the API says why, in the dialog', async ({ page, api }) => {
  const ann = await api.createUser({ full_name: 'Ann Alone' });
  await signIn(page, ann, '/teams');
  await page.getByRole('button', { name: 'New team' }).first().click();
  const create = page.getByRole('dialog', { name: 'New team' });
  await create.getByLabel('Name').fill(`Solo ${Date.now()}`);
  await create.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Leave team' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave team' });
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A team keeps at least one admin: make another member admin first');
});

test('signed out, "Sign in" on the invitation comes back to it once signed in', async ({ page, api }) => {
  const ann = await api.createUser({ full_name: 'Ann Inviter' });
  const cy = await api.createUser({ full_name: 'Cy Later' });
  const created = await page.request.post('/api/v1/teams/', {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { name: `Ops ${Date.now()}` },
  });
  const team = (await created.json()) as { id: string; name: string };
  const invited = await page.request.post(`/api/v1/teams/${team.id}/invites`, {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { email: cy.email, role: 'responder' },
  });
  const link = new URL(((await invited.json()) as { invite_url: string }).invite_url);

  await page.goto(link.pathname + link.search);
  await expect(
    page.getByText(`You are invited to ${team.name} as a responder. Create your account to join, or sign in if you have one.`),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(cy.email);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(cy.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(cy.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('button', { name: `Join ${team.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.id}$`));
  await expect(memberRow(page, 'Cy Later')).toContainText('Responder');
});
