// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RotationPublic, ScheduleDetail } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { ADA, BEN, changesSent, onCallServer } from '../testing/onCallServer';
import { CreateRotationDialog, EditRotationDialog } from './RotationDialogs';

const SCHEDULE: ScheduleDetail = {
  id: '5c0a3f6e-0b7e-4f43-9d57-1f3c2b1a0e01',
  name: 'Nights',
  description: null,
  time_zone: 'Europe/Berlin',
  owner_id: ADA.id,
  team_id: '00000000-0000-4000-8000-0000000000aa',
  created_at: '2025-01-01T00:00:00Z',
  rotations: [],
};
const WEEKENDS: RotationPublic = {
  id: '9d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  schedule_id: SCHEDULE.id,
  name: 'Weekends',
  user_ids: [ADA.id, BEN.id],
  shift_unit: 'days',
  shift_count: 2,
  handoff_time: '08:00',
  starts_at: '2025-01-06T07:00:00Z',
  active_hours: [{ days: [6, 7], start: '10:00', end: '24:00' }],
  created_at: '2025-01-01T00:00:00Z',
};
const ROTATIONS = `/api/v1/schedules/${SCHEDULE.id}/rotations`;
/** A search waits for a pause in typing (250 ms), then the answer. */
const WAIT = { timeout: 5_000 };

let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = {};
  api = fakeApi(onCallServer(answers));
});
afterEach(cleanup);

const renderCreate = (onClose = vi.fn()) => api.render(<CreateRotationDialog open schedule={SCHEDULE} onClose={onClose} />);
const renderEdit = (onClose = vi.fn()) => api.render(<EditRotationDialog schedule={SCHEDULE} rotation={WEEKENDS} onClose={onClose} />);

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const inTurn = () =>
  within(screen.getByRole('list', { name: 'People in turn' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

async function addPerson(name: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Add a person' }), { target: { value: name.split(' ')[0] } });
  fireEvent.click(await screen.findByRole('option', { name }, WAIT));
}

describe('Add Rotation', () => {
  it('says what is missing, then creates the rotation with its people in turn', async () => {
    answers[`POST ${ROTATIONS}`] = { body: { ...WEEKENDS, name: 'Weekly' } };
    const onClose = vi.fn();
    renderCreate(onClose);
    expect(screen.getByRole('heading', { name: 'Add Rotation' })).toBeTruthy();
    expect(screen.getByText("People take turns in this order. Times are Europe/Berlin's.")).toBeTruthy();
    type(/^Starts/, '');
    await save();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Add at least one person')).toBeTruthy();
    expect(screen.getByText('A date and time is required')).toBeTruthy();
    expect(changesSent(api.sent)).toEqual([]);

    type(/^Name/, ' Weekly ');
    await addPerson('Ada Lovelace');
    await addPerson('Ben Okafor');
    await waitFor(() => expect(inTurn()).toEqual(['1. Ada Lovelace', '2. Ben Okafor']), WAIT);
    type(/^Starts/, '2025-01-06T09:00');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(changesSent(api.sent)).toEqual([
      {
        method: 'POST',
        path: ROTATIONS,
        body: {
          name: 'Weekly',
          user_ids: [ADA.id, BEN.id],
          shift_unit: 'weeks',
          shift_count: 1,
          handoff_time: '09:00',
          starts_at: '2025-01-06T08:00:00.000Z',
          active_hours: [],
        },
      },
    ]);
    expect(await screen.findByText('The rotation was created successfully', {}, WAIT)).toBeTruthy();
  });

  it('asks for a day in each active hours rule', async () => {
    renderCreate();
    fireEvent.click(screen.getByRole('button', { name: 'Add active hours' }));
    const rule = within(screen.getByRole('group', { name: 'Active hours rule 1' }));
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) fireEvent.click(rule.getByRole('button', { name: day }));
    await save();
    expect(screen.getByText('Each rule needs at least one day')).toBeTruthy();
    fireEvent.click(rule.getByRole('button', { name: 'Sat' }));
    expect(screen.queryByText('Each rule needs at least one day')).toBeNull();
  });
});

describe('Edit Rotation', () => {
  it('starts from the rotation, reorders its people and sends the change', async () => {
    answers[`PATCH ${ROTATIONS}/${WEEKENDS.id}`] = { body: WEEKENDS };
    const onClose = vi.fn();
    renderEdit(onClose);
    expect(screen.getByRole('heading', { name: 'Edit Rotation' })).toBeTruthy();
    await waitFor(() => expect(inTurn()).toEqual(['1. Ada Lovelace', '2. Ben Okafor']), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Move Ben Okafor up' }));
    expect(inTurn()).toEqual(['1. Ben Okafor', '2. Ada Lovelace']);
    expect((screen.getByLabelText(/^Starts/, { selector: 'input' }) as HTMLInputElement).value).toBe('2025-01-06T08:00');
    expect((screen.getByLabelText('To', { selector: 'input' }) as HTMLInputElement).value).toBe('00:00');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(changesSent(api.sent)).toEqual([
      {
        method: 'PATCH',
        path: `${ROTATIONS}/${WEEKENDS.id}`,
        body: {
          name: 'Weekends',
          user_ids: [BEN.id, ADA.id],
          shift_unit: 'days',
          shift_count: 2,
          handoff_time: '08:00',
          starts_at: '2025-01-06T07:00:00.000Z',
          active_hours: [{ days: [6, 7], start: '10:00', end: '24:00' }],
        },
      },
    ]);
    expect(await screen.findByText('The rotation was updated successfully', {}, WAIT)).toBeTruthy();
  });
});
