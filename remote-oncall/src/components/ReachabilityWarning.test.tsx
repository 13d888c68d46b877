// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PersonReachability, UserPublic } from '@vigil/shared';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import { ReachabilityWarning } from './ReachabilityWarning';

const ME = '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10';
const me: UserPublic = {
  id: ME,
  email: 'me@example.com',
  full_name: 'Me Myself',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};
const person = (id: string, name: string | null, reason: PersonReachability['reason']): PersonReachability => ({
  id,
  name,
  email: `${id.slice(0, 4)}@example.com`,
  wakeable: reason === null,
  reason,
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(cleanup);

function renderWith(users: PersonReachability[], count = users.length) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], me);
  api.render(
    <MemoryRouter initialEntries={['/oncall/schedules/s']}>
      <Routes>
        <Route path="/oncall/schedules/s" element={<ReachabilityWarning reachability={{ users, count }} what="on this schedule" />} />
        <Route path="/oncall/contact-methods" element={<p>Contact methods page</p>} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
}

describe('ReachabilityWarning', () => {
  it('names who cannot be woken and why, and links the viewer to their own contact methods', () => {
    renderWith([
      person('11111111-0000-4000-8000-000000000000', 'Bob', 'only_email'),
      person(ME, 'Me Myself', 'no_verified_method'),
      person('22222222-0000-4000-8000-000000000000', null, 'provider_missing'),
      person('33333333-0000-4000-8000-000000000000', 'Ann', null),
    ]);
    const bar = screen.getByTestId('reachability-warning');
    expect(within(bar).getByText('3 people on this schedule cannot be woken by an alert')).toBeTruthy();
    const items = within(bar)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Bob: only email or webhook methods, none that rings a phone',
      'Me Myself: no verified contact method (only their account email is sent) — set up your contact methods',
      '2222@example.com: their SMS or voice method has no provider set up to send it',
    ]);
    expect(within(bar).queryByText(/Ann/)).toBeNull();
    // Only the viewer's own line links: the others' methods are theirs to set.
    expect(within(bar).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(bar).getByRole('button', { name: 'set up your contact methods' }));
    expect(screen.getByText('Contact methods page')).toBeTruthy();
  });

  it('says nothing while everyone can be woken', () => {
    renderWith([person('33333333-0000-4000-8000-000000000000', 'Ann', null)]);
    expect(screen.queryByTestId('reachability-warning')).toBeNull();
  });

  it('says more may follow past a full list', () => {
    renderWith([person('11111111-0000-4000-8000-000000000000', 'Bob', 'inactive')], 5);
    expect(screen.getByText('and up to 4 people more, not listed')).toBeTruthy();
  });
});
