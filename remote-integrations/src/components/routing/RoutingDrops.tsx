import { Body1Strong, Caption1, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { errorText, Pagination, ROUTING_DROPS_PAGE_SIZE, SmallTable, useRoutingDrops } from '@vigil/shared';
import { useState } from 'react';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
  table: { minWidth: '520px' },
  detail: { display: 'block', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** The integration's history of what drop rules kept out, newest first (the last 1,000, 30 days). */
export function RoutingDrops({ integrationId }: { integrationId: string }) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const drops = useRoutingDrops(integrationId, page);
  const count = drops.data?.count;
  return (
    <section className={styles.section} aria-label="Dropped alerts">
      <Body1Strong>Dropped alerts</Body1Strong>
      <Caption1>What drop rules kept out: nobody was paged and no alert was stored. The newest 1,000 of the last 30 days.</Caption1>
      {drops.isError && <Text role="alert">{errorText(drops.error)}</Text>}
      {!drops.data && !drops.isError && <Spinner size="tiny" label="Loading the dropped alerts" />}
      {count === 0 && <Text>No alert was dropped.</Text>}
      {drops.data && drops.data.data.length > 0 && (
        <SmallTable
          label="Dropped alerts"
          className={styles.table}
          rows={drops.data.data}
          rowKey={(d) => d.id}
          columns={[
            { header: 'When', cell: (d) => new Date(d.dropped_at).toLocaleString() },
            {
              header: 'Alert',
              cell: (d) => (
                <>
                  {d.title}
                  <Caption1 className={styles.detail}>
                    {Object.entries(d.labels)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(', ')}
                  </Caption1>
                </>
              ),
            },
            { header: 'Rule', cell: (d) => (d.rule_id ? d.rule_name : `${d.rule_name} (deleted)`) },
          ]}
        />
      )}
      {count !== undefined && count > ROUTING_DROPS_PAGE_SIZE && (
        <Pagination
          page={page}
          pageSize={ROUTING_DROPS_PAGE_SIZE}
          count={count}
          onPageChange={setPage}
          disabled={drops.isPlaceholderData}
        />
      )}
    </section>
  );
}
