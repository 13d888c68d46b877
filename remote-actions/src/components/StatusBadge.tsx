import { makeResetStyles, makeStyles, mergeClasses } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { BadgeColor } from './alertLabels';
import { tokens } from './themeTokens';

// What a medium, circular Fluent `Badge` looks like (its styles, as Fluent 9.74 writes them),
// in the two appearances and five colors the action page shows: Badge's styles for every
// size, shape, appearance and color were more of the page's first script than its content.
const useBaseClass = makeResetStyles({
  display: 'inline-flex',
  boxSizing: 'border-box',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  fontFamily: tokens.fontFamilyBase,
  fontSize: tokens.fontSizeBase200,
  fontWeight: tokens.fontWeightSemibold,
  lineHeight: tokens.lineHeightBase200,
  height: '20px',
  minWidth: '20px',
  padding: `0 calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS})`,
  borderRadius: tokens.borderRadiusCircular,
  borderColor: tokens.colorTransparentStroke,
  '::after': {
    content: '""',
    position: 'absolute',
    top: 0,
    left: 0,
    bottom: 0,
    right: 0,
    borderStyle: 'solid',
    borderColor: 'inherit',
    borderWidth: tokens.strokeWidthThin,
    borderRadius: 'inherit',
  },
});

const border = (color: string) => ({ borderTopColor: color, borderRightColor: color, borderBottomColor: color, borderLeftColor: color });

const useStyles = makeStyles<`${'filled' | 'tint'}-${BadgeColor}`>({
  'filled-danger': { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand },
  'filled-informative': { backgroundColor: tokens.colorNeutralBackground5, color: tokens.colorNeutralForeground3 },
  'filled-severe': { backgroundColor: tokens.colorPaletteDarkOrangeBackground3, color: tokens.colorNeutralForegroundOnBrand },
  'filled-success': { backgroundColor: tokens.colorPaletteGreenBackground3, color: tokens.colorNeutralForegroundOnBrand },
  'filled-warning': { backgroundColor: tokens.colorPaletteYellowBackground3, color: tokens.colorNeutralForeground1Static },
  'tint-danger': {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
    ...border(tokens.colorPaletteRedBorder1),
  },
  'tint-informative': {
    backgroundColor: tokens.colorNeutralBackground4,
    color: tokens.colorNeutralForeground3,
    ...border(tokens.colorNeutralStroke2),
  },
  'tint-severe': {
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    color: tokens.colorPaletteDarkOrangeForeground1,
    ...border(tokens.colorPaletteDarkOrangeBorder1),
  },
  'tint-success': {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground1,
    ...border(tokens.colorPaletteGreenBorder1),
  },
  'tint-warning': {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorPaletteYellowForeground1,
    ...border(tokens.colorPaletteYellowBorder1),
  },
});

/** An alert's state (tint) or severity (filled), as the console's Fluent Badge shows it. */
export function StatusBadge({ appearance, color, children }: { appearance: 'filled' | 'tint'; color: BadgeColor; children: ReactNode }) {
  const styles = useStyles();
  return <span className={mergeClasses('fui-Badge', useBaseClass(), styles[`${appearance}-${color}`])}>{children}</span>;
}
