import { makeResetStyles, mergeClasses } from '@fluentui/react-components';
import type { HTMLAttributes } from 'react';
import { tokens } from './themeTokens';

const useCardSurfaceClass = makeResetStyles({
  display: 'flex',
  flexDirection: 'column',
  position: 'relative',
  boxSizing: 'border-box',
  overflow: 'hidden',
  padding: '12px',
  gap: '12px',
  borderRadius: tokens.borderRadiusMedium,
  color: tokens.colorNeutralForeground1,
  backgroundColor: tokens.colorNeutralBackground1,
  boxShadow: tokens.shadow4,
  // Fluent's Card draws its (transparent, visible in high contrast) border on top this way.
  '::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    pointerEvents: 'none',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/**
 * What a default Fluent `Card` looks like (filled, medium, vertical), as a plain section.
 * These cards are neither selectable nor focusable, and Card's focus management (tabster)
 * and variant styles are ~20 KiB gzip the public page need not download.
 */
export function CardSurface({ className, ...props }: HTMLAttributes<HTMLElement>) {
  // A section: given aria-labelledby it is a region named by its heading.
  return <section {...props} className={mergeClasses('vigil-CardSurface', useCardSurfaceClass(), className)} />;
}
