import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A page's tab strip that stays whole on a phone: tabs keep their full labels and wrap onto
 * another line rather than shrink into "Con…" or run off the screen.
 */
export const useTabStripStyles = makeStyles({
  list: { flexWrap: 'wrap', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  tab: { flexShrink: 0 },
});
