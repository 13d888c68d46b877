import { expect, signIn, test } from './fixtures';
import { call, makeWakeable, startNtfy } from './ntfyStandIn';

// Who a schedule or policy reaches and cannot be woken, on the real server (nothing mocked):
// one person has a verified ntfy method a rule uses (verified with the code its ntfy server, a
// receiver this test starts, was sent), the other nothing but their account. The schedule's
// page and the policy's editor name only the second, why, and link them to their own methods.

test('Who can be woken: a schedule and a policy name those an alert would not wake, and why', async ({ page, api, request }) => {
  test.setTimeout(90_000);
  const ntfy = await startNtfy();
  try {
    const owner = await api.createUser({ full_name: 'Rhea Owner' });
    const pat = await api.createUser({ full_name: 'Pat Pager' });
    await makeWakeable(request, pat, ntfy);
    const schedule = await call(request, 'post', owner.token, '/api/v1/schedules/', { name: 'Night watch', time_zone: 'UTC' });
    await call(request, 'post', (await api.admin()).token, `/api/v1/teams/${schedule.team_id}/members`, {
      user_id: pat.id,
      role: 'responder',
    });
    await call(request, 'post', owner.token, `/api/v1/schedules/${schedule.id}/rotations`, {
      name: 'Nights',
      user_ids: [owner.id, pat.id],
      shift_unit: 'days',
      shift_count: 1,
      starts_at: '2025-01-06T00:00:00Z',
    });

    await signIn(page, owner, `/oncall/schedules/${schedule.id}`);
    const main = page.getByRole('main');
    const warning = main.getByTestId('reachability-warning');
    await expect(warning).toContainText('1 person on this schedule cannot be woken by an alert');
    await expect(warning.getByRole('listitem')).toHaveText([
      'Rhea Owner: no verified contact method (only their account email is sent) — set up your contact methods',
    ]);
    await expect(warning).not.toContainText('Pat Pager');

    // The policy reaches the schedule's people and one more named directly.
    const sam = await api.createUser({ full_name: 'Sam Mailonly' });
    await call(request, 'post', (await api.admin()).token, `/api/v1/teams/${schedule.team_id}/members`, {
      user_id: sam.id,
      role: 'responder',
    });
    await call(request, 'post', sam.token, '/api/v1/users/me/contact-methods', { kind: 'email', label: 'Inbox', target: sam.email });
    const policy = await call(request, 'post', owner.token, '/api/v1/escalation-policies/', {
      name: 'Nights policy',
      team_id: schedule.team_id,
      levels: [{ delay_minutes: 15, targets: { user_ids: [sam.id, pat.id], schedule_ids: [schedule.id] } }],
    });
    await page.goto(`/oncall/policies/${policy.id}`);
    // The owner administers the team: the editor opens, the warning at its top.
    const editor = page.getByRole('dialog', { name: 'Edit Escalation Policy' });
    const inEditor = editor.getByTestId('reachability-warning');
    await expect(inEditor).toContainText('2 people this policy reaches cannot be woken by an alert');
    // By email, which is random here: each line is looked for.
    await expect(inEditor.getByRole('listitem')).toHaveCount(2);
    await expect(inEditor.getByRole('listitem').filter({ hasText: 'Rhea Owner' })).toHaveText(
      'Rhea Owner: no verified contact method (only their account email is sent) — set up your contact methods',
    );
    await expect(inEditor.getByRole('listitem').filter({ hasText: 'Sam Mailonly' })).toHaveText(
      'Sam Mailonly: no verified contact method (only their account email is sent)',
    );
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    // The viewer's own line leads to their contact methods.
    await main.getByTestId('reachability-warning').getByRole('button', { name: 'set up your contact methods' }).click();
    await expect(page).toHaveURL(/\/oncall\/contact-methods$/);
    await expect(main.getByRole('tab', { name: 'Contact methods' })).toHaveAttribute('aria-selected', 'true');
  } finally {
    await ntfy.close();
  }
});
