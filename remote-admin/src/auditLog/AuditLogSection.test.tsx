// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { AuditLogSection } from './AuditLogSection';
import type { AuditEntry } from './auditLogQuery';

const entry = (id: number, action: string, fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id: String(id),
  at: '2026-05-01T10:00:00Z',
  actor_user_id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  actor_token_id: null,
  actor_label: 'ann@example.com',
  address: '10.0.0.1',
  action,
  target_type: 'integration',
  target_id: `t-${id}`,
  team_id: null,
  before: null,
  after: null,
  ...fields,
});

/** The fake server: a first page whose next is `older`, and an older last page. */
let api: FakeApi;
const queries = () => api.requests.map((r) => new URL(r.url).searchParams.toString());

beforeEach(() => {
  api = fakeApi((request, sentAs) => {
    const query = new URL(sentAs.url).searchParams;
    if (request.path !== '/api/v1/audit-log/') return undefined;
    if (query.get('before') === '40') return { body: { data: [entry(39, 'schedule.deleted')], next_before: null } };
    return {
      body: {
        data: [
          entry(41, 'integration.updated', { before: { title: 'Old', owner_id: 'o' }, after: { title: 'New', owner_id: 'o' } }),
          entry(40, 'signin.refused', { actor_label: 'who@example.com', actor_user_id: null, target_type: 'signin', target_id: null }),
        ],
        next_before: '40',
      },
    };
  });
});
afterEach(cleanup);

const rows = () => screen.getAllByTestId('audit-row');

describe('Audit log section', () => {
  it('shows the newest page, pages older and back by the cursor', async () => {
    api.render(<AuditLogSection />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0] as HTMLElement).getByText('integration.updated')).toBeTruthy();
    expect(within(rows()[1] as HTMLElement).getByText('who@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('schedule.deleted')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Newer shows the cached first page (and may refresh it).
    expect(queries().slice(0, 2)).toEqual(['limit=25', 'before=40&limit=25']);
  });

  it('sends the filters together, from the first page', async () => {
    api.render(<AuditLogSection />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText(/^Action/, { selector: 'input' }), { target: { value: 'integration.*' } });
    fireEvent.change(screen.getByLabelText(/^Target type/), { target: { value: 'integration' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries()).toHaveLength(2));
    expect(queries()[1]).toBe('action=integration.*&target_type=integration&limit=25');
  });

  it("shows an entry's changed fields first, beside the unchanged ones", async () => {
    api.render(<AuditLogSection />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Show changes' }));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const cells = within(changes)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['title', 'Old', 'New'],
      ['owner_id', 'o', 'o'],
    ]);
  });
});
