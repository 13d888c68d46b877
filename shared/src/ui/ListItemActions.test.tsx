// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListItemActions } from './ListItemActions';

afterEach(cleanup);

const disabled = (name: string) => screen.getByRole('button', { name }).hasAttribute('disabled');

describe('ListItemActions', () => {
  it("names the item in each button, moves it, and keeps each end's button off", () => {
    const onMove = vi.fn();
    const onRemove = vi.fn();
    const { rerender } = render(
      <FluentProvider theme={webLightTheme}>
        <ListItemActions name="level 1" index={0} count={2} onMove={onMove} onRemove={onRemove} />
      </FluentProvider>,
    );
    expect(disabled('Move level 1 up')).toBe(true);
    expect(disabled('Move level 1 down')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Move level 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove level 1' }));
    expect(onMove.mock.calls).toEqual([[1]]);
    expect(onRemove).toHaveBeenCalledTimes(1);

    rerender(
      <FluentProvider theme={webLightTheme}>
        <ListItemActions name="level 2" index={1} count={2} onMove={onMove} onRemove={onRemove} removeDisabled />
      </FluentProvider>,
    );
    expect(disabled('Move level 2 up')).toBe(false);
    expect(disabled('Move level 2 down')).toBe(true);
    expect(disabled('Remove level 2')).toBe(true);
  });
});
