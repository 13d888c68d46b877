import { makeStyles, Spinner, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', alignItems: 'center', padding: tokens.spacingVerticalXXXL, minHeight: '160px' },
});

/** Shown while a lazily loaded page or a guard's data arrives. */
export function PageSpinner({ label }: { label?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Spinner label={label} size="medium" />
    </div>
  );
}
