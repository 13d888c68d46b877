import { Button, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

export const TOP_BAR_HEIGHT = '56px';

const useStyles = makeStyles({
  root: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    // Its border inside its height: the layout below counts on exactly TOP_BAR_HEIGHT.
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: TOP_BAR_HEIGHT,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    '@media (max-width: 767px)': { paddingInline: tokens.spacingHorizontalS },
  },
  // The hamburger only where the side menu becomes a drawer.
  menuButton: { '@media (min-width: 768px)': { display: 'none' } },
  spacer: { flex: 1 },
});

export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const styles = useStyles();
  // The drawer is opened by state, not a DialogTrigger: this marks the button as where the focus
  // goes back when the drawer closes (Escape, the close button), as keyboard users expect.
  const restoreFocusTarget = useRestoreFocusTarget();
  return (
    <header className={styles.root}>
      <Button
        className={styles.menuButton}
        appearance="subtle"
        icon={<NavigationRegular />}
        aria-label="Open navigation menu"
        aria-expanded={menuOpen}
        onClick={onOpenMenu}
        {...restoreFocusTarget}
      />
      <Logo />
      <div className={styles.spacer} />
      <UserMenu />
    </header>
  );
}
