import { Badge, Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { DetailListSection, OCCURRENCES_PAGE_SIZE, SmallTable, useAlertOccurrences } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { labelsText, occurrencesCaption } from './occurrenceText';

const useStyles = makeStyles({
  table: { minWidth: '640px' },
  key: { display: 'block', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  labels: { overflowWrap: 'anywhere' },
  pages: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The alerts a group alert absorbed (docs/oncall/grouping.md): each one's title and sender key,
 * labels, when it came and when its sender resolved it; a page at a time.
 */
export function AlertOccurrences({ id, total }: { id: string | undefined; total: number }) {
  const styles = useStyles();
  const [page, setPage] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: id is the trigger
  useEffect(() => setPage(0), [id]);
  const occurrences = useAlertOccurrences(id, page);
  const data = occurrences.data;
  const pages = data ? Math.ceil(data.count / OCCURRENCES_PAGE_SIZE) : 0;
  return (
    <DetailListSection
      title="Occurrences"
      query={occurrences}
      idle={!id}
      loadingLabel="Loading the occurrences"
      emptyText="No occurrence listed."
    >
      {(rows) => (
        <>
          {data && <Caption1>{occurrencesCaption(data, page, OCCURRENCES_PAGE_SIZE, total)}</Caption1>}
          <SmallTable
            className={styles.table}
            label="Alert occurrences"
            rows={rows}
            rowKey={(o) => o.dedup_key}
            columns={[
              {
                header: 'Title',
                cell: (o) => (
                  <>
                    {o.title}
                    <Caption1 className={styles.key}>{o.dedup_key}</Caption1>
                  </>
                ),
              },
              { header: 'Labels', cell: (o) => <span className={styles.labels}>{labelsText(o.labels)}</span> },
              { header: 'Received', cell: (o) => <time dateTime={o.received_at}>{when(o.received_at)}</time> },
              {
                header: 'Resolved',
                cell: (o) =>
                  o.resolved_at ? (
                    <time dateTime={o.resolved_at}>{when(o.resolved_at)}</time>
                  ) : (
                    <Badge appearance="tint" color="danger">
                      Firing
                    </Badge>
                  ),
              },
            ]}
          />
          {pages > 1 && (
            <div className={styles.pages}>
              <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Caption1>
                Page {page + 1} of {pages}
              </Caption1>
              <Button size="small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </DetailListSection>
  );
}
