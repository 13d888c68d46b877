import { Body1Strong, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { alertmanagerExample, CopyButton, curlExample } from '@vigil/shared';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', minWidth: 0 },
  url: { flex: '1 1 auto', minWidth: 0, fontFamily: tokens.fontFamilyMonospace },
  exampleHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  code: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre',
  },
});

function Example({ title, code }: { title: string; code: string }) {
  const styles = useStyles();
  return (
    <section aria-label={title}>
      <div className={styles.exampleHead}>
        <Body1Strong as="h3">{title}</Body1Strong>
        <CopyButton text={code} label={`Copy ${title}`} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide example scrolls sideways, so it takes focus for keyboard scrolling */}
      <pre className={styles.code} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </section>
  );
}

/** The ingest URL (its secret key shown this once), a Copy button, and examples filled with it. */
export function IngestUrlPanel({ url }: { url: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <MessageBar intent="warning">
        <MessageBarBody>
          <MessageBarTitle>Copy the ingest URL now</MessageBarTitle>
          It holds a secret key and is shown only this once. Rotate the key to get a new URL.
        </MessageBarBody>
      </MessageBar>
      <Field label="Ingest URL">
        <div className={styles.row}>
          <Input className={styles.url} readOnly value={url} aria-label="Ingest URL" onFocus={(event) => event.target.select()} />
          <CopyButton text={url} />
        </div>
      </Field>
      <Example title="curl" code={curlExample(url)} />
      <Example title="Alertmanager webhook_configs" code={alertmanagerExample(url)} />
    </div>
  );
}
