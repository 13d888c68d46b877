import { makeStyles, tokens } from '@fluentui/react-components';

// Above a phone's width (where rows become cards, phoneCards.ts) and below the table's own.
const NARROW = '@media (min-width: 641px) and (max-width: 720px)';

/**
 * The look of the console's list tables (alerts, integrations; users may use it too):
 * a bordered box that scrolls sideways on narrow screens rather than squeezing the columns,
 * with the Actions column pinned to its right edge there so the row menu stays in reach. On a
 * phone the rows are cards instead (phoneCards.ts).
 */
export const useListTableStyles = makeStyles({
  scroller: {
    overflowX: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  head: { backgroundColor: tokens.colorNeutralBackground2 },
  headCell: { fontWeight: tokens.fontWeightSemibold },
  cell: { paddingBlock: tokens.spacingVerticalS },
  idCol: { width: '112px' },
  actionsCol: {
    width: '64px',
    textAlign: 'end',
    [NARROW]: {
      position: 'sticky',
      right: 0,
      borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      boxShadow: `-8px 0 8px -8px ${tokens.colorNeutralShadowKeyDarker}`,
    },
  },
  actionsHead: { [NARROW]: { backgroundColor: tokens.colorNeutralBackground2 } },
  actionsBody: { [NARROW]: { backgroundColor: tokens.colorNeutralBackground1 } },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  // Long texts stop after two lines; the whole text goes in a title attribute.
  clamp: {
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  missing: { color: tokens.colorNeutralForeground4, fontStyle: 'italic' },
  skeletonRow: { height: '48px' },
});
