// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fakeApi';
import { useCreateIntegration } from './integrationIngest';
import { useCreateSchedule } from './schedules';
import { teamKeys } from './teams';

// A user who held the role in no team gets a team of their own with what they create
// (docs/api/teams.md): their teams and roles, which decide what the console lets them edit, are read again.

describe('creating in a team', () => {
  /** A create hook, as one that takes any body: only its effect on the cache is looked at. */
  type Create = () => { mutateAsync: (body: never) => Promise<unknown> };
  const cases: [string, Create, object][] = [
    ['a schedule', useCreateSchedule, { name: 'Nights', time_zone: 'UTC' }],
    ['an integration', useCreateIntegration, { title: 'Prometheus' }],
  ];
  it.each(cases)('%s: the cached teams are read again', async (_, hook, body) => {
    const { setup } = fakeApi({ body: { id: 'x' } });
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(teamKeys.mine, { data: [], count: 0 });
    const { result } = renderHook(hook, { wrapper });
    await act(async () => {
      await result.current.mutateAsync(body as never);
    });
    expect(queryClient.getQueryState(teamKeys.mine)?.isInvalidated).toBe(true);
  });
});
