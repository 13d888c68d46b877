// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../testing/fakeApi';
import { DIRECTORY_PAGE_SIZE, type UserDirectoryEntry, useDirectorySearch, useUserNames } from './directory';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** 45 active users, "Person 00" to "Person 44", and a deactivated one. */
const PEOPLE: UserDirectoryEntry[] = [
  ...Array.from({ length: 45 }, (_, i) => ({ id: uuid(i), full_name: `Person ${String(i).padStart(2, '0')}`, is_active: true })),
  { id: uuid(99), full_name: 'Gone Person', is_active: false },
];

let api: FakeApi;
const queries = () => api.requests.map((r) => new URL(r.url).search);

beforeEach(() => {
  // A directory as the API answers it: by id (any state), or active users named like q, a page at a time.
  api = fakeApi((request, sentAs) => {
    if (request.path !== '/api/v1/users/directory') return undefined;
    const params = new URL(sentAs.url).searchParams;
    const ids = params.getAll('id');
    const q = params.get('q')?.toLowerCase();
    const matching = ids.length
      ? PEOPLE.filter((p) => ids.includes(p.id))
      : PEOPLE.filter((p) => p.is_active && (!q || p.full_name?.toLowerCase().includes(q)));
    const skip = Number(params.get('skip') ?? 0);
    const limit = Number(params.get('limit') ?? 100);
    return { body: { data: matching.slice(skip, skip + limit), count: matching.length } };
  });
});

describe('useDirectorySearch', () => {
  it('pages through every active user, 20 at a time, and searches by name', async () => {
    const { wrapper } = api.setup();
    const { result, rerender } = renderHook(({ q }) => useDirectorySearch(q), { wrapper, initialProps: { q: '' } });
    await waitFor(() => expect(result.current.data?.pages[0]?.data).toHaveLength(DIRECTORY_PAGE_SIZE));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages.flatMap((p) => p.data)).toHaveLength(45));
    expect(result.current.hasNextPage).toBe(false);
    expect(queries()).toEqual(['?skip=0&limit=20', '?skip=20&limit=20', '?skip=40&limit=20']);

    rerender({ q: ' person 4 ' });
    await waitFor(() =>
      expect(result.current.data?.pages[0]?.data.map((p) => p.full_name)).toEqual([
        'Person 40',
        'Person 41',
        'Person 42',
        'Person 43',
        'Person 44',
      ]),
    );
    expect(queries().at(-1)).toBe('?skip=0&limit=20&q=person%204');
  });
});

describe('useUserNames', () => {
  it('names the ids a page shows with one request, deactivated and unknown ids included', async () => {
    const { wrapper } = api.setup();
    const { result } = renderHook(() => useUserNames([uuid(3), uuid(44), uuid(99), uuid(500), uuid(3)]), { wrapper });
    expect(result.current.nameOf(uuid(3))).toBe('…');
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.nameOf(uuid(3))).toBe('Person 03');
    expect(result.current.nameOf(uuid(99))).toBe('Gone Person (deactivated)');
    expect(result.current.nameOf(uuid(500))).toBe('Unknown user');
    expect(queries()).toHaveLength(1);
    expect(new URLSearchParams(queries()[0]).getAll('id')).toEqual([uuid(3), uuid(44), uuid(99), uuid(500)]);
  });

  it('names a person a search found at once, and asks 100 ids at most at a time', async () => {
    const { wrapper } = api.setup();
    const search = renderHook(() => useDirectorySearch('Person 1'), { wrapper });
    await waitFor(() => expect(search.result.current.data).toBeDefined());
    // The page asks for the names it shows; the one just picked is named before that answer.
    const picked = renderHook(() => useUserNames([uuid(12)]), { wrapper });
    expect(picked.result.current.nameOf(uuid(12))).toBe('Person 12');

    const many = Array.from({ length: 150 }, (_, i) => uuid(1000 + i));
    const lots = renderHook(() => useUserNames(many), { wrapper });
    await waitFor(() => expect(lots.result.current.loading).toBe(false));
    // The search, the picked one's page (1 id), then 150 ids in two requests.
    expect(queries().map((q) => new URLSearchParams(q).getAll('id').length)).toEqual([0, 1, 100, 50]);
  });
});
