import { makeStyles, mergeClasses, Tooltip, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  id: {
    display: 'inline-block',
    maxWidth: '9ch',
    verticalAlign: 'middle',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    borderRadius: tokens.borderRadiusSmall,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  // A UUID reads best on one line: 36 monospace characters fit even a 360 px screen.
  tooltip: { maxWidth: 'none', whiteSpace: 'nowrap', fontFamily: tokens.fontFamilyMonospace },
});

/**
 * A long id (a UUID) cut to its first characters, whole in a tooltip. The text stays whole in
 * the DOM (only CSS cuts it), so copying and searching the page still find it; focusable so
 * keyboard users can read the tooltip too.
 */
export function TruncatedId({ id, className }: { id: string; className?: string }) {
  const styles = useStyles();
  return (
    <Tooltip content={{ children: id, className: styles.tooltip }} relationship="description" withArrow>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the full id in the tooltip */}
      <span className={mergeClasses(styles.id, className)} tabIndex={0}>
        {id}
      </span>
    </Tooltip>
  );
}
