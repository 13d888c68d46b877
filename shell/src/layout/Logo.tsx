import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ShieldCheckmarkFilled } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  icon: { color: tokens.colorBrandForeground1, flexShrink: 0 },
  wordmark: { fontWeight: tokens.fontWeightBold, letterSpacing: '0.02em', lineHeight: 1 },
  medium: { fontSize: tokens.fontSizeBase500 },
  large: { fontSize: tokens.fontSizeHero700 },
});

/** The Vigil wordmark with its shield, linking home. */
export function Logo({ size = 'medium', className }: { size?: 'medium' | 'large'; className?: string }) {
  const styles = useStyles();
  return (
    <Link to="/" className={mergeClasses(styles.root, className)} aria-label="Vigil home">
      <ShieldCheckmarkFilled className={styles.icon} fontSize={size === 'large' ? 40 : 28} aria-hidden />
      <span className={mergeClasses(styles.wordmark, styles[size])}>Vigil</span>
    </Link>
  );
}
