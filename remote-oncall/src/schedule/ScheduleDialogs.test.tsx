// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SchedulePublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import { CreateScheduleDialog, EditScheduleDialog } from './ScheduleDialogs';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };

const NIGHTS: SchedulePublic = {
  id: '5c0a3f6e-0b7e-4f43-9d57-1f3c2b1a0e01',
  name: 'Nights',
  description: 'Who wakes up',
  time_zone: 'Europe/Berlin',
  owner_id: '00000000-0000-4000-8000-000000000001',
  team_id: '00000000-0000-4000-8000-0000000000aa',
  created_at: '2025-01-01T00:00:00Z',
};

let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = {};
  api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
});
afterEach(cleanup);

const renderCreate = (onClose = vi.fn(), onCreated = vi.fn()) =>
  api.render(<CreateScheduleDialog open onClose={onClose} onCreated={onCreated} />);
const renderEdit = (onClose = vi.fn()) => api.render(<EditScheduleDialog schedule={NIGHTS} onClose={onClose} />);

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

const team = (id: string, name: string, my_role: 'admin' | 'observer') => ({
  id,
  name,
  description: null,
  my_role,
  member_count: 1,
  created_at: '2025-01-01T00:00:00Z',
});

describe('Add Schedule', () => {
  it("offers the teams the user administers, starting with the list's, and sends the one chosen", async () => {
    const [ops, web, read] = [
      '00000000-0000-4000-8000-0000000000a1',
      '00000000-0000-4000-8000-0000000000a2',
      '00000000-0000-4000-8000-0000000000a3',
    ];
    answers['GET /api/v1/teams/'] = {
      body: { data: [team(ops, 'Ops', 'admin'), team(read, 'Readers', 'observer'), team(web, 'Web', 'admin')], count: 3 },
    };
    answers['POST /api/v1/schedules/'] = { body: NIGHTS };
    const queryClient = testQueryClient();
    queryClient.setQueryData(['currentUser'], { id: NIGHTS.owner_id, email: 'a@example.com', is_superuser: false, is_active: true });
    api.render(<CreateScheduleDialog open teamId={web} onClose={vi.fn()} />, queryClient);
    const picker = await screen.findByRole('combobox', { name: /^Team/, hidden: true }, WAIT);
    await waitFor(() => expect(picker.textContent).toBe('Web'), WAIT);
    fireEvent.click(picker);
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual(['Ops', 'Web']);
    fireEvent.click(screen.getByRole('option', { name: 'Ops', hidden: true }));
    type('Name', 'Nights');
    await save();
    await waitFor(() => expect(api.sent.filter((r) => r.method === 'POST')).toHaveLength(1), WAIT);
    expect(api.sent.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Nights', team_id: ops });
  });

  it('asks for a name and a zone, then creates the schedule, says so, closes and hands the new one on', async () => {
    answers['POST /api/v1/schedules/'] = { body: { ...NIGHTS, description: null } };
    const onClose = vi.fn();
    const onCreated = vi.fn();
    renderCreate(onClose, onCreated);
    expect(screen.getByRole('heading', { name: 'Add Schedule' })).toBeTruthy();
    expect(screen.getByText("Hand-offs and active hours are read on this time zone's clock.")).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Time zone' }), { target: { value: ' ' } });
    await save();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Time zone is required')).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([]);

    type('Name', ' Nights ');
    fireEvent.change(screen.getByRole('combobox', { name: 'Time zone' }), { target: { value: 'Europe/Berlin' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    // No team_id: with one team (or none) the API takes the caller's own.
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/schedules/', body: { name: 'Nights', description: null, time_zone: 'Europe/Berlin' } },
    ]);
    expect(onCreated).toHaveBeenCalledWith({ ...NIGHTS, description: null });
    expect(await screen.findByText('The schedule was created successfully', {}, WAIT)).toBeTruthy();
  });

  it('shows a refusal in an error toast and stays open', async () => {
    answers['POST /api/v1/schedules/'] = { status: 422, body: { detail: 'Unknown time zone: Mars/Base' } };
    const onClose = vi.fn();
    renderCreate(onClose);
    type('Name', 'Nights');
    fireEvent.change(screen.getByRole('combobox', { name: 'Time zone' }), { target: { value: 'Mars/Base' } });
    await save();
    expect(await screen.findByText('Unknown time zone: Mars/Base', {}, WAIT)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Edit Schedule', () => {
  it('starts from the schedule and sends the change', async () => {
    answers[`PATCH /api/v1/schedules/${NIGHTS.id}`] = { body: { ...NIGHTS, name: 'Late nights' } };
    const onClose = vi.fn();
    renderEdit(onClose);
    expect(screen.getByRole('heading', { name: 'Edit Schedule' })).toBeTruthy();
    expect((screen.getByLabelText('Name', { exact: false }) as HTMLInputElement).value).toBe('Nights');
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('Europe/Berlin');
    type('Name', 'Late nights');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(api.sent).toEqual([
      {
        method: 'PATCH',
        path: `/api/v1/schedules/${NIGHTS.id}`,
        body: { name: 'Late nights', description: 'Who wakes up', time_zone: 'Europe/Berlin' },
      },
    ]);
    expect(await screen.findByText('The schedule was updated successfully', {}, WAIT)).toBeTruthy();
  });
});
