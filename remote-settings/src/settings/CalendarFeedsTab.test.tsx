// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CalendarFeedPublic, FEED_SHOWN_ONCE, type UserPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import { CalendarFeedsTab } from './CalendarFeedsTab';

/** The real hooks and client, with a fake server answering by "METHOD path". */
let answers: Record<string, FakeAnswer> = {};
let api: FakeApi;

const ANN: UserPublic = {
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email: 'ann@example.com',
  full_name: 'Ann',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};
const MINE: CalendarFeedPublic = {
  id: '1d1c4f5e-0000-4000-8000-000000000001',
  kind: 'my_shifts',
  schedule_id: null,
  schedule_name: null,
  name: 'Phone',
  prefix: 'vcf_Ab3dE-9x',
  last_fetched_at: null,
  created_at: '2026-11-01T00:00:00Z',
};
const NIGHTS: CalendarFeedPublic = {
  ...MINE,
  id: '1d1c4f5e-0000-4000-8000-000000000002',
  kind: 'schedule',
  schedule_id: '5c0c4f5e-0000-4000-8000-000000000009',
  schedule_name: 'Night watch',
  name: null,
  prefix: 'vcf_Zz9yX-1w',
  last_fetched_at: '2026-11-02T10:00:00Z',
};
const URL = `https://vigil.example.org/api/v1/calendars/vcf_${'s'.repeat(43)}.ics`;

function renderTab() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], ANN);
  api.render(<CalendarFeedsTab />, queryClient);
}
const sent = () => api.sent.map((r) => `${r.method} ${r.path}`);

beforeEach(() => {
  answers = {
    'GET /api/v1/users/me/calendar-feeds': { body: { data: [MINE, NIGHTS], count: 2 } },
    'GET /api/v1/schedules/': { body: { data: [], count: 0 } },
  };
  api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
});
afterEach(cleanup);

describe('Calendar feeds', () => {
  it('lists each feed with what it shows, its prefix and its last fetch; never a whole URL', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'Calendar feeds' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['My shifts', 'Schedule Night watch']);
    expect(within(rows[0]!).getByText('…/calendars/vcf_Ab3dE-9x…')).toBeTruthy();
    expect(within(rows[0]!).getByText('Never')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Revoke / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Revoke Phone',
      'Revoke Schedule Night watch',
    ]);
  });

  it('creates a feed of my shifts, then shows its URL once with how to subscribe', async () => {
    answers['POST /api/v1/users/me/calendar-feeds'] = { body: { ...MINE, name: 'Laptop', url: URL } };
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed' }));
    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: ' Laptop ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText(FEED_SHOWN_ONCE)).toBeTruthy();
    expect((screen.getByLabelText('Feed URL') as HTMLInputElement).value).toBe(URL);
    expect(screen.getByText('open it in your calendar app').closest('a')?.getAttribute('href')).toBe(URL.replace('https:', 'webcal:'));
    expect(api.sent.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Laptop' });
    fireEvent.click(screen.getByText('Done', { selector: 'button, button *' }).closest('button') as HTMLButtonElement);
    await waitFor(() => expect(screen.queryByText(FEED_SHOWN_ONCE)).toBeNull());
  });

  it('revokes only after confirmation', async () => {
    answers[`DELETE /api/v1/users/me/calendar-feeds/${MINE.id}`] = { body: { message: 'Calendar feed revoked' } };
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Phone' }));
    const question = await screen.findByText(/no longer update/);
    expect(sent()).not.toContain(`DELETE /api/v1/users/me/calendar-feeds/${MINE.id}`);
    // By text within the dialog: the rows' buttons read "Revoke" too.
    const dialog = question.closest('[role="alertdialog"]') as HTMLElement;
    const confirm = within(dialog).getByText('Revoke', { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
    await act(async () => fireEvent.click(confirm));
    expect(await screen.findByText('Calendar feed "Phone" revoked.')).toBeTruthy();
    expect(sent()).toContain(`DELETE /api/v1/users/me/calendar-feeds/${MINE.id}`);
  });
});
