import { makeStyles, tokens } from '@fluentui/react-components';

/** Phones: where every list table turns each row into a card. */
export const PHONE = '@media (max-width: 640px)';

/**
 * A list table's place for a column on a phone's card:
 * - 'title': the card's heading, whole and wrapping, beside the row's checkbox and menu;
 * - 'plain': a line of its own (badges, a description);
 * - 'labelled' (the default): a line led by the column's header ("Time zone Europe/Paris");
 * - 'hidden': not on the card (an ID the title already stands for).
 */
export type CardPlace = 'title' | 'plain' | 'labelled' | 'hidden';

/**
 * The native table of `layout: 'scroll'` as cards on a phone: the header row hides, each row
 * becomes a grid (checkbox, title, menu on the first line; every other cell a full-width line
 * below), and nothing scrolls sideways. Desktop is untouched: every rule is under PHONE.
 */
export const usePhoneCardStyles = makeStyles({
  frame: { [PHONE]: { overflowX: 'visible' } },
  table: { [PHONE]: { display: 'block', minWidth: 0, width: '100%' } },
  head: { [PHONE]: { display: 'none' } },
  // With a selection column the header stays as one line: the page's "select all" box.
  selectHead: { [PHONE]: { display: 'block' } },
  selectHeadRow: { [PHONE]: { display: 'flex', alignItems: 'center', paddingInline: tokens.spacingHorizontalS, height: 'auto' } },
  selectAll: {
    [PHONE]: {
      display: 'flex',
      alignItems: 'center',
      width: 'auto',
      '::after': { content: '"Select all"', color: tokens.colorNeutralForeground2 },
    },
  },
  body: { [PHONE]: { display: 'block' } },
  row: {
    [PHONE]: {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      alignItems: 'center',
      columnGap: tokens.spacingHorizontalS,
      rowGap: tokens.spacingVerticalXXS,
      paddingBlock: tokens.spacingVerticalS,
      paddingInline: tokens.spacingHorizontalS,
      height: 'auto',
    },
  },
  // Every cell: no column width, no table padding; a line of the card.
  cell: {
    [PHONE]: {
      display: 'block',
      width: 'auto',
      minWidth: 0,
      height: 'auto',
      minHeight: 0,
      paddingBlock: 0,
      paddingInline: 0,
      gridColumn: '2 / 4',
    },
  },
  select: { [PHONE]: { gridColumn: '1', gridRow: '1', width: 'auto' } },
  title: { [PHONE]: { gridColumn: '2', gridRow: '1', fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 } },
  actions: {
    [PHONE]: {
      gridColumn: '3',
      gridRow: '1',
      alignSelf: 'start',
      position: 'static',
      boxShadow: 'none',
      borderLeft: 'none',
      backgroundColor: 'transparent',
      // A thumb's target: the row's "…" menu at 44 px.
      '& .fui-Button': { minWidth: '44px', minHeight: '44px' },
    },
  },
  plain: { [PHONE]: { overflowWrap: 'anywhere' } },
  // A read-only small table's row on a phone: its cells one under another, the first in bold.
  stackRow: {
    [PHONE]: {
      display: 'block',
      height: 'auto',
      paddingBlock: tokens.spacingVerticalS,
      paddingInline: tokens.spacingHorizontalS,
    },
  },
  stackFirst: { [PHONE]: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' } },
  hidden: { [PHONE]: { display: 'none' } },
  // A phone-only column's header: the desktop has no such column, a phone no header.
  neverShown: { display: 'none' },
  // A cell shown on phones only (an alert's age): hidden beside the desktop's columns.
  phoneOnly: { display: 'none', [PHONE]: { display: 'block' } },
  labelled: {
    [PHONE]: {
      color: tokens.colorNeutralForeground2,
      '::before': {
        content: 'attr(data-label) "\\00a0\\00a0"',
        color: tokens.colorNeutralForeground3,
        fontWeight: tokens.fontWeightSemibold,
      },
    },
  },
});
