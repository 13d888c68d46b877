// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

afterEach(cleanup);

function renderPagination(page: number, count: number, pageSize = 10) {
  const onPageChange = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <Pagination page={page} pageSize={pageSize} count={count} onPageChange={onPageChange} />
    </FluentProvider>,
  );
  return {
    onPageChange,
    previous: screen.getByRole('button', { name: 'Previous' }),
    next: screen.getByRole('button', { name: 'Next' }),
  };
}

describe('Pagination', () => {
  it('says page n of m, from the count and the page size', () => {
    renderPagination(2, 23);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('Page 2 of 3');
  });

  it('counts an empty list as one page', () => {
    const { previous, next } = renderPagination(1, 0);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(previous.hasAttribute('disabled')).toBe(true);
    expect(next.hasAttribute('disabled')).toBe(true);
  });

  it('disables Previous on the first page and goes to the next', () => {
    const { previous, next, onPageChange } = renderPagination(1, 11);
    expect(previous.hasAttribute('disabled')).toBe(true);
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables Next on the last page and goes to the previous', () => {
    const { previous, next, onPageChange } = renderPagination(3, 11, 5);
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.click(previous);
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('goes back to the last page from a page past the end', () => {
    const { previous, onPageChange } = renderPagination(9, 11, 5);
    expect(screen.getByText('Page 9 of 3')).toBeTruthy();
    fireEvent.click(previous);
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
