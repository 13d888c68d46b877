// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pageCountOf, parsePage, skipOf, usePageParam, useStayWithinPages } from './usePageParam';

describe('parsePage', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['17', 17],
    [' 3 ', 3],
  ])('reads %j as page %i', (value, page) => expect(parsePage(value)).toBe(page));

  it.each([null, undefined, '', '0', '-1', '1.5', '2e3', 'abc', '3abc', 'NaN', 'Infinity', '99999999999999999999'])(
    'defaults %j to page 1',
    (value) => expect(parsePage(value)).toBe(1),
  );
});

describe('skipOf and pageCountOf', () => {
  it('skips (page - 1) * size items', () => {
    expect(skipOf(1, 10)).toBe(0);
    expect(skipOf(3, 10)).toBe(20);
    expect(skipOf(2, 5)).toBe(5);
  });

  it('counts at least one page', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(23, 5)).toBe(5);
  });
});

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ param: usePageParam(), location: useLocation() }), { wrapper });
}

describe('usePageParam', () => {
  it('reads ?page=', () => {
    expect(renderAt('/alerts?page=4').result.current.param.page).toBe(4);
  });

  it.each(['/alerts', '/alerts?page=abc', '/alerts?page=-2', '/alerts?page=0'])('defaults %s to page 1', (url) => {
    expect(renderAt(url).result.current.param.page).toBe(1);
  });

  it('moves to another page, keeping the other parameters', () => {
    const { result } = renderAt('/alerts?page=2&q=disk');
    act(() => result.current.param.setPage(3));
    expect(result.current.param.page).toBe(3);
    expect(result.current.location.pathname).toBe('/alerts');
    expect(new URLSearchParams(result.current.location.search).get('q')).toBe('disk');
  });

  it('never writes a page below 1', () => {
    const { result } = renderAt('/alerts?page=2');
    act(() => result.current.param.setPage(0));
    expect(result.current.location.search).toBe('?page=1');
  });
});

describe('useStayWithinPages', () => {
  function renderWithin(url: string, count: number | undefined, pageSize = 10) {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
    return renderHook(
      () => {
        const param = usePageParam();
        useStayWithinPages(param.page, count, pageSize, param.setPage);
        return { page: param.page, location: useLocation() };
      },
      { wrapper },
    );
  }

  it('moves a page past the end to the last page', () => {
    expect(renderWithin('/alerts?page=9', 23).result.current.page).toBe(3);
  });

  it('moves to page 1 when the list is empty', () => {
    expect(renderWithin('/alerts?page=2', 0).result.current.page).toBe(1);
  });

  it('leaves a page in range, and waits for the count', () => {
    expect(renderWithin('/alerts?page=3', 23).result.current.page).toBe(3);
    expect(renderWithin('/alerts?page=9', undefined).result.current.page).toBe(9);
  });
});
