// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActionsMenu } from './RowActionsMenu';

afterEach(cleanup);

describe('RowActionsMenu', () => {
  it('opens a menu of the row actions and runs the chosen one', async () => {
    const onDelete = vi.fn();
    const onEdit = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <RowActionsMenu
          label="Actions for Disk full"
          actions={[
            { label: 'Edit Alert', onClick: onEdit, disabled: true },
            { label: 'Delete Alert', onClick: onDelete, danger: true },
          ]}
        />
      </FluentProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Disk full' }));
    const remove = await screen.findByRole('menuitem', { name: 'Delete Alert' });
    expect(screen.getByRole('menuitem', { name: 'Edit Alert' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(remove);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onEdit).not.toHaveBeenCalled();
  });
});
