import { Body1Strong, Button, Caption1, Field, Input, makeStyles, Spinner, Text, Textarea, tokens } from '@fluentui/react-components';
import { BeakerRegular } from '@fluentui/react-icons';
import { type RoutingTestResult, SmallTable } from '@vigil/shared';
import { useState } from 'react';
import { outcomeText } from './ruleText';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sample: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  sampleTitle: { flexGrow: 1, minWidth: '180px' },
  sampleLabels: { flexGrow: 1, minWidth: '180px' },
  table: { minWidth: '560px' },
  detail: { display: 'block', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

export interface SampleEvent {
  title: string;
  labels: Record<string, string>;
}

/** `name=value` per line (or comma), as a label set; lines without `=` are left out. */
export function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const part of text.split(/[\n,]/)) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (name) labels[name] = part.slice(at + 1).trim();
  }
  return labels;
}

const labelsText = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/**
 * "Test": the rules as drafted tried on the integration's newest alerts (and an optional
 * sample event): which rule decided each, and what became of it. Nothing is saved.
 */
export function RoutingTestPanel({
  results,
  running,
  policyName,
  onRun,
}: {
  results: RoutingTestResult[] | undefined;
  running: boolean;
  policyName: (id: string) => string;
  onRun: (sample: SampleEvent | undefined) => void;
}) {
  const styles = useStyles();
  const [title, setTitle] = useState('');
  const [labels, setLabels] = useState('');
  const run = () => onRun(title.trim() ? { title: title.trim(), labels: parseLabels(labels) } : undefined);
  return (
    <section className={styles.panel} aria-label="Test routing rules">
      <Body1Strong>Test</Body1Strong>
      <Caption1>
        Tries the rules as they are here, saved or not, on this integration's 20 newest alerts (their title, severity and labels as stored),
        and on a sample alert if you describe one. Nothing is saved or sent.
      </Caption1>
      <div className={styles.sample}>
        <Field className={styles.sampleTitle} label="Sample alert title (optional)">
          <Input value={title} onChange={(_, d) => setTitle(d.value)} />
        </Field>
        <Field className={styles.sampleLabels} label="Its labels, name=value per line">
          <Textarea value={labels} resize="vertical" rows={2} onChange={(_, d) => setLabels(d.value)} />
        </Field>
        <Button icon={running ? <Spinner size="tiny" /> : <BeakerRegular />} disabled={running} onClick={run}>
          Test rules
        </Button>
      </div>
      {results && results.length === 0 && <Text>This integration has no alert yet: describe a sample alert to try the rules.</Text>}
      {results && results.length > 0 && (
        <SmallTable
          label="Test results"
          className={styles.table}
          rows={results}
          rowKey={(r) => r.alert_id ?? 'sample'}
          columns={[
            {
              header: 'Alert',
              cell: (r) => (
                <>
                  {r.source === 'sample' ? `Sample: ${r.title}` : r.title}
                  {Object.keys(r.labels).length > 0 && <Caption1 className={styles.detail}>{labelsText(r.labels)}</Caption1>}
                </>
              ),
            },
            { header: 'Rule', cell: (r) => (r.rule ? `${r.rule.position + 1}. ${r.rule.name}` : 'None') },
            { header: 'Outcome', cell: (r) => outcomeText(r, policyName) },
            { header: 'Severity', cell: (r) => (r.result_severity === r.severity ? r.severity : `${r.severity} → ${r.result_severity}`) },
          ]}
        />
      )}
    </section>
  );
}
