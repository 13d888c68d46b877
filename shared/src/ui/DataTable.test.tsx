// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable, type DataTableProps } from './DataTable';

afterEach(cleanup);

interface Person {
  id: string;
  name: string;
}

const COLUMNS: DataColumn<Person>[] = [{ header: 'Name', cell: (row) => row.name, skeletonWidth: 120 }];
const PEOPLE: Person[] = [
  { id: 'a', name: 'Ada' },
  { id: 'b', name: 'Bob' },
];

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  const onRemove = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <DataTable
        label="People"
        rows={PEOPLE}
        skeletonRows={3}
        columns={COLUMNS}
        rowTestId="person-row"
        skeletonTestId="person-skeleton"
        rowActions={(row) => ({
          label: `Actions for ${row.name}`,
          actions: [{ label: 'Remove', disabled: row.id === 'a', onClick: () => onRemove(row) }],
        })}
        {...props}
      />
    </FluentProvider>,
  );
  return { onRemove };
}

describe('DataTable', () => {
  for (const layout of [{ kind: 'scroll' }, { kind: 'cards', cardClassName: 'card', actionsClassName: 'actions' }] as const) {
    it(`lists the rows under the columns and Actions, each with its menu (${layout.kind})`, async () => {
      const { onRemove } = renderTable({ layout });
      const table = screen.getByRole('table', { name: 'People' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Name', 'Actions']);
      expect(screen.getAllByTestId('person-row').map((row) => row.textContent)).toEqual(['Ada', 'Bob']);
      expect(table.getAttribute('aria-busy')).toBe('false');
      fireEvent.click(screen.getByRole('button', { name: 'Actions for Bob' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
      expect(onRemove).toHaveBeenCalledWith(PEOPLE[1]);
    });
  }

  it('shows the placeholder rows while the page loads, busy', () => {
    renderTable({ rows: undefined });
    expect(screen.getAllByTestId('person-skeleton')).toHaveLength(3);
    expect(screen.queryAllByTestId('person-row')).toHaveLength(0);
    expect(screen.getByRole('table', { name: 'People' }).getAttribute('aria-busy')).toBe('true');
  });

  it('ticks rows one by one or all on the page at once', () => {
    const onChange = vi.fn();
    renderTable({
      selection: { selected: new Set(['a']), onChange, rowLabel: (row) => `Select ${row.name}`, allLabel: 'Select everyone' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bob' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b']));
    // One of two ticked: the header box is mixed, and ticks the whole page.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select everyone' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b']));
  });

  it("labels a phone card's lines with their headers, except the title and plain ones", () => {
    renderTable({
      columns: [
        { header: 'ID', cell: (row) => row.id, skeletonWidth: 40, card: 'hidden' },
        { header: 'Name', cell: (row) => row.name, skeletonWidth: 120 },
        { header: 'Team', cell: () => 'Storage', skeletonWidth: 80 },
        { header: 'Note', cell: () => 'Weekends', skeletonWidth: 80, card: 'plain' },
      ],
    });
    const ada = screen.getAllByTestId('person-row')[0] as HTMLElement;
    const cell = (text: string) => within(ada).getByText(text).closest('[role="cell"], td');
    // The first shown column is the title: no label. 'Team' is led by its header.
    expect(cell('Ada')?.getAttribute('data-label')).toBeNull();
    expect(cell('Storage')?.getAttribute('data-label')).toBe('Team');
    expect(cell('Weekends')?.getAttribute('data-label')).toBeNull();
    expect(cell('a')?.getAttribute('data-label')).toBeNull();
  });

  it('keeps a phone-only column out of the desktop header', () => {
    renderTable({
      columns: [...COLUMNS, { header: 'Age', cell: () => '4 min', skeletonWidth: 40, phoneOnly: true }],
    });
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Actions']);
  });

  it('marks the row a link points at as current, and no other', () => {
    renderTable({ currentRowId: 'b' });
    expect(screen.getAllByTestId('person-row').map((row) => row.getAttribute('aria-current'))).toEqual([null, 'true']);
  });
});
