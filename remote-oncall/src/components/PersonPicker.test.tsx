// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserDirectoryEntry } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { PersonPicker, PickerTeam } from './PersonPicker';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** 25 people as an ordinary user reads them: names only. */
const PEOPLE: UserDirectoryEntry[] = Array.from({ length: 25 }, (_, i) => ({
  id: uuid(i),
  full_name: `Person ${String(i).padStart(2, '0')}`,
  is_active: true,
}));

let api: FakeApi;
/** A search waits for a pause in typing (250 ms), then the answer: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };
const searches = () => api.requests.map((r) => new URL(r.url).searchParams);

beforeEach(() => {
  api = fakeApi((request, sentAs) => {
    if (request.path !== '/api/v1/users/directory') return undefined;
    const params = new URL(sentAs.url).searchParams;
    const q = params.get('q')?.toLowerCase();
    const matching = PEOPLE.filter((p) => !q || p.full_name?.toLowerCase().includes(q));
    const skip = Number(params.get('skip'));
    return { body: { data: matching.slice(skip, skip + Number(params.get('limit'))), count: matching.length } };
  });
});
afterEach(cleanup);

describe('PersonPicker', () => {
  it('lists 20 people, shows the next 20 on "Show more people", and searches as one types', async () => {
    const onPick = vi.fn();
    api.render(<PersonPicker label="Add a person" placeholder="Add a person" value="" onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Add a person' });
    expect(api.sent).toEqual([]);
    fireEvent.click(box);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(21), WAIT);
    const more = screen.getByRole('option', { name: 'Show more people (20 of 25)' });
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(25), WAIT);
    expect(onPick).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: 'son 2' } });
    await waitFor(
      () =>
        expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
          'Person 20',
          'Person 21',
          'Person 22',
          'Person 23',
          'Person 24',
        ]),
      WAIT,
    );
    expect(searches().map((p) => p.get('q'))).toEqual([null, null, 'son 2']);
    fireEvent.click(screen.getByRole('option', { name: 'Person 22' }));
    expect(onPick).toHaveBeenCalledWith({ id: uuid(22), full_name: 'Person 22', is_active: true });
  });

  it('says when no one matches', async () => {
    api.render(<PersonPicker label="Person" placeholder="Choose" value="" onPick={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Person' });
    fireEvent.change(box, { target: { value: 'nobody by this name' } });
    expect(await screen.findByRole('option', { name: 'No one matches' }, WAIT)).toBeTruthy();
  });

  it("lists the members of the thing's team when one is given (a policy's, a schedule's)", async () => {
    const team = '00000000-0000-4000-8000-0000000000aa';
    api.render(
      <PickerTeam.Provider value={team}>
        <PersonPicker label="Person" placeholder="Choose" value="" onPick={() => {}} />
      </PickerTeam.Provider>,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Person' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(21), WAIT);
    expect(searches().map((p) => p.get('team_id'))).toEqual([team]);
  });
});
