import { makeResetStyles, makeStyles, mergeClasses } from '@fluentui/react-components';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { tokens } from './themeTokens';

// What a medium, rounded Fluent `Button` looks like (its styles, as Fluent 9.74 writes them),
// on a plain <button>. The action page's three buttons are all it needs of Button, whose
// styles for every size, shape and appearance (and the theme's token object they read) were a
// fifth of the page's first script; a link recipient's phone downloads them at 3 a.m.
const useBaseClass = makeResetStyles({
  alignItems: 'center',
  boxSizing: 'border-box',
  display: 'inline-flex',
  justifyContent: 'center',
  textDecorationLine: 'none',
  verticalAlign: 'middle',
  margin: 0,
  overflow: 'hidden',
  backgroundColor: tokens.colorNeutralBackground1,
  color: tokens.colorNeutralForeground1,
  border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  fontFamily: tokens.fontFamilyBase,
  outlineStyle: 'none',
  ':hover': {
    backgroundColor: tokens.colorNeutralBackground1Hover,
    borderColor: tokens.colorNeutralStroke1Hover,
    color: tokens.colorNeutralForeground1Hover,
    cursor: 'pointer',
  },
  ':hover:active,:active:focus-visible': {
    backgroundColor: tokens.colorNeutralBackground1Pressed,
    borderColor: tokens.colorNeutralStroke1Pressed,
    color: tokens.colorNeutralForeground1Pressed,
    outlineStyle: 'none',
  },
  padding: `5px ${tokens.spacingHorizontalM}`,
  minWidth: '96px',
  borderRadius: tokens.borderRadiusMedium,
  fontSize: tokens.fontSizeBase300,
  fontWeight: tokens.fontWeightSemibold,
  lineHeight: tokens.lineHeightBase300,
  transitionDuration: tokens.durationFaster,
  transitionProperty: 'background, border, color',
  transitionTimingFunction: tokens.curveEasyEase,
  '@media screen and (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  '@media (forced-colors: active)': {
    ':focus': { borderColor: 'ButtonText' },
    ':hover': { backgroundColor: 'HighlightText', borderColor: 'Highlight', color: 'Highlight', forcedColorAdjust: 'none' },
  },
  // Fluent marks keyboard focus with data-fui-focus-visible; :focus-visible is the browser's own.
  ':focus-visible': {
    borderColor: tokens.colorStrokeFocus2,
    borderWidth: '1px',
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorTransparentStroke}`,
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorStrokeFocus2} inset`,
    zIndex: 1,
  },
});

const transparentBorder = (color: string) => ({
  borderTopColor: color,
  borderRightColor: color,
  borderBottomColor: color,
  borderLeftColor: color,
});

const useStyles = makeStyles({
  primary: {
    backgroundColor: tokens.colorBrandBackground,
    ...transparentBorder('transparent'),
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorBrandBackgroundHover,
      ...transparentBorder('transparent'),
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active,:active:focus-visible': {
      backgroundColor: tokens.colorBrandBackgroundPressed,
      ...transparentBorder('transparent'),
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':focus-visible': {
      ...transparentBorder(tokens.colorStrokeFocus2),
      boxShadow: `${tokens.shadow2}, 0 0 0 ${tokens.strokeWidthThin} ${tokens.colorStrokeFocus2} inset, 0 0 0 ${tokens.strokeWidthThick} ${tokens.colorNeutralForegroundOnBrand} inset`,
    },
    '@media (forced-colors: active)': {
      backgroundColor: 'Highlight',
      ...transparentBorder('HighlightText'),
      color: 'HighlightText',
      forcedColorAdjust: 'none',
    },
  },
  disabled: {
    backgroundColor: tokens.colorNeutralBackgroundDisabled,
    ...transparentBorder(tokens.colorNeutralStrokeDisabled),
    color: tokens.colorNeutralForegroundDisabled,
    cursor: 'not-allowed',
    ':hover,:hover:active': {
      backgroundColor: tokens.colorNeutralBackgroundDisabled,
      ...transparentBorder(tokens.colorNeutralStrokeDisabled),
      color: tokens.colorNeutralForegroundDisabled,
      cursor: 'not-allowed',
    },
    '@media (forced-colors: active)': { backgroundColor: 'ButtonFace', ...transparentBorder('GrayText'), color: 'GrayText' },
  },
});

const useIconClass = makeResetStyles({
  alignItems: 'center',
  display: 'inline-flex',
  justifyContent: 'center',
  fontSize: '20px',
  height: '20px',
  width: '20px',
  marginInlineEnd: tokens.spacingHorizontalSNudge,
});

export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  appearance: 'primary' | 'secondary';
  icon: ReactNode;
}

/** A Fluent-looking button (primary or secondary, medium) with its icon before the label. */
export function ActionButton({ appearance, icon, className, children, disabled, ...props }: ActionButtonProps) {
  const styles = useStyles();
  const classes = mergeClasses(
    'fui-Button',
    useBaseClass(),
    appearance === 'primary' && styles.primary,
    disabled && styles.disabled,
    className,
  );
  return (
    <button {...props} disabled={disabled} className={classes}>
      <span className={mergeClasses('fui-Button__icon', useIconClass())}>{icon}</span>
      {children}
    </button>
  );
}
