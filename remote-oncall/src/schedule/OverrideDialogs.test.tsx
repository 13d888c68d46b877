// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScheduleDetail } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { ADA, BEN, CAI, changesSent, onCallServer } from '../testing/onCallServer';
import { CreateOverrideDialog } from './OverrideDialogs';

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
const OVERRIDES = `/api/v1/schedules/${SCHEDULE.id}/overrides`;
const WAIT = { timeout: 5_000 };

let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = {};
  api = fakeApi(onCallServer(answers));
});
afterEach(cleanup);

const renderCreate = (onClose = vi.fn()) =>
  api.render(<CreateOverrideDialog open schedule={SCHEDULE} people={[ADA.id, BEN.id]} onClose={onClose} />);

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
/** A field's message (the same words can be a picker's placeholder). */
const message = (text: string) => screen.queryByText(text, { selector: '.fui-Field__validationMessage' });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('Add Override', () => {
  it('asks whom it is about and for an end after the start', async () => {
    renderCreate();
    expect(screen.getByRole('heading', { name: 'Add Override' })).toBeTruthy();
    expect(screen.getByText("For a span, on Europe/Berlin's clock.")).toBeTruthy();
    type(/^From/, '2025-03-01T10:00');
    type(/^Until/, '2025-03-01T10:00');
    await save();
    expect(message('Choose a person')).toBeTruthy();
    expect(message('Choose whom they replace')).toBeTruthy();
    expect(message('The end must be after the start')).toBeTruthy();
    type(/^Until/, '');
    expect(message('A date and time is required')).toBeTruthy();
    expect(changesSent(api.sent)).toEqual([]);
  });

  it('replaces someone of the rotations with anyone picked', async () => {
    answers[`POST ${OVERRIDES}`] = { status: 201, body: {} };
    const onClose = vi.fn();
    renderCreate(onClose);
    fireEvent.change(screen.getByRole('combobox', { name: 'Person' }), { target: { value: 'Cai' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Cai Wong' }, WAIT));
    fireEvent.click(screen.getByRole('combobox', { name: 'Instead of' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ben Okafor' }, WAIT));
    type(/^From/, '2025-03-01T10:00');
    type(/^Until/, '2025-03-01T18:00');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(changesSent(api.sent)).toEqual([
      {
        method: 'POST',
        path: OVERRIDES,
        body: {
          kind: 'replace',
          user_id: CAI.id,
          replaces_user_id: BEN.id,
          starts_at: '2025-03-01T09:00:00.000Z',
          ends_at: '2025-03-01T17:00:00.000Z',
        },
      },
    ]);
    expect(await screen.findByText('The override was created successfully', {}, WAIT)).toBeTruthy();
  });

  it('takes one of the rotations off, naming no one instead', async () => {
    answers[`POST ${OVERRIDES}`] = { status: 201, body: {} };
    const onClose = vi.fn();
    renderCreate(onClose);
    fireEvent.click(screen.getByRole('radio', { name: 'Take someone off' }));
    expect(screen.getByText('Who is taken off')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Instead of' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Person' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Lovelace' }, WAIT));
    type(/^From/, '2025-03-01T10:00');
    type(/^Until/, '2025-03-02T10:00');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(changesSent(api.sent)).toEqual([
      {
        method: 'POST',
        path: OVERRIDES,
        body: {
          kind: 'remove',
          user_id: ADA.id,
          replaces_user_id: null,
          starts_at: '2025-03-01T09:00:00.000Z',
          ends_at: '2025-03-02T09:00:00.000Z',
        },
      },
    ]);
  });
});
