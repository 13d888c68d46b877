import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { EmptyState, errorText } from '@vigil/shared';
import type { ReactElement, ReactNode } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  add: { marginInlineStart: 'auto' },
});

export interface ListSectionProps {
  /** The section's name ('Schedules'). */
  label: string;
  /** The list's read: its error shows above; an empty answer shows `empty` instead of the table. */
  query: { isError: boolean; error: unknown; rows: unknown[] | undefined };
  empty: { title: string; description: string; icon: ReactElement };
  /** The add button: in the empty state, else above the table. */
  add: ReactElement;
  /** The team filter, above the table or the empty state (it hides itself when there is nothing to narrow). */
  filter?: ReactNode;
  /** The table. */
  children: ReactNode;
}

/** One on-call list (schedules, policies, contact methods): its error, then the empty state or the add button over the table. */
export function ListSection({ label, query, empty, add, filter, children }: ListSectionProps) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={label}>
      {query.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(query.error)}</MessageBarBody>
        </MessageBar>
      )}
      {query.rows && query.rows.length === 0 ? (
        <>
          {filter}
          <EmptyState title={empty.title} description={empty.description} icon={empty.icon} action={add} />
        </>
      ) : (
        <>
          <div className={styles.bar}>
            {filter}
            <div className={styles.add}>{add}</div>
          </div>
          {children}
        </>
      )}
    </section>
  );
}
