import { Button, Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import {
  ALERT_SEVERITIES,
  ALERT_STATES,
  type AlertFilters,
  type AlertSeverity,
  type AlertState,
  hasAlertFilters,
  NO_ALERT_FILTERS,
} from '@vigil/shared';
import { type ReactNode, useEffect, useState } from 'react';

/** Typing settles for this long before the search reaches the URL (and the API). */
const SEARCH_DELAY_MS = 300;

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  search: { flex: '1 1 220px', minWidth: 0 },
  select: { flex: '1 1 140px', maxWidth: '240px', minWidth: '130px' },
  dropdown: { minWidth: 0, width: '100%' },
});

interface Props {
  filters: AlertFilters;
  onChange: (filters: AlertFilters) => void;
  /** Filters of the page's own before these (the team). */
  children?: ReactNode;
}

/** Search by title, and narrow by state and severity (each a multi-select). */
export function AlertFiltersBar({ filters, onChange, children }: Props) {
  const styles = useStyles();
  const [search, setSearch] = useState(filters.q);

  // The URL is the truth: back/forward or "Clear filters" puts its search into the box.
  useEffect(() => setSearch(filters.q), [filters.q]);

  useEffect(() => {
    if (search.trim() === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: search.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <search className={styles.bar} aria-label="Filter alerts">
      {children}
      <Field label="Search" className={styles.search}>
        <Input
          type="search"
          placeholder="Search by title"
          maxLength={100}
          contentBefore={<SearchRegular />}
          value={search}
          onChange={(_, data) => setSearch(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ ...filters, q: search.trim() });
          }}
        />
      </Field>
      <Field label="State" className={styles.select}>
        <Dropdown
          className={styles.dropdown}
          multiselect
          placeholder="All states"
          value={filters.state.map(capitalised).join(', ')}
          selectedOptions={filters.state}
          onOptionSelect={(_, data) => onChange({ ...filters, state: data.selectedOptions as AlertState[] })}
        >
          {ALERT_STATES.map((state) => (
            <Option key={state} value={state}>
              {capitalised(state)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Severity" className={styles.select}>
        <Dropdown
          className={styles.dropdown}
          multiselect
          placeholder="All severities"
          value={filters.severity.map(capitalised).join(', ')}
          selectedOptions={filters.severity}
          onOptionSelect={(_, data) => onChange({ ...filters, severity: data.selectedOptions as AlertSeverity[] })}
        >
          {ALERT_SEVERITIES.map((severity) => (
            <Option key={severity} value={severity}>
              {capitalised(severity)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {hasAlertFilters(filters) && (
        <Button icon={<DismissRegular />} onClick={() => onChange(NO_ALERT_FILTERS)}>
          Clear filters
        </Button>
      )}
    </search>
  );
}
