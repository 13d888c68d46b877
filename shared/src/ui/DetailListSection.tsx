import { Body1Strong, Caption1, MessageBar, MessageBarBody, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { errorText } from '../api/errors';
import { useListTableStyles } from './listTableStyles';

const useStyles = makeStyles({
  heading: { display: 'block', margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}` },
});

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { data: T[]; count: number };
}

/**
 * A titled list inside a detail dialog (an alert's history, its emails), read by its own query: a
 * spinner while it loads, the error, a sentence when it is empty, else the table `children`
 * renders from the rows, in a box that scrolls sideways on small screens.
 */
export function DetailListSection<T>({
  title,
  query,
  loadingLabel,
  emptyText,
  idle,
  children,
}: {
  title: string;
  query: ListQuery<T>;
  loadingLabel: string;
  emptyText: string;
  /** True while there is nothing to load (nothing open): no spinner then. */
  idle: boolean;
  children: (rows: T[]) => ReactNode;
}) {
  const styles = useStyles();
  const list = useListTableStyles();
  return (
    <section aria-label={title}>
      <Body1Strong as="h3" className={styles.heading}>
        {title}
      </Body1Strong>
      {query.isPending && !idle && <Spinner size="small" label={loadingLabel} />}
      {query.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(query.error)}</MessageBarBody>
        </MessageBar>
      )}
      {query.data?.count === 0 && <Caption1>{emptyText}</Caption1>}
      {query.data && query.data.count > 0 && <div className={list.scroller}>{children(query.data.data)}</div>}
    </section>
  );
}
