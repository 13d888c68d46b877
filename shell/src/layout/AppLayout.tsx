import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ensureRemotesMapRead } from '../remotes/remoteRegistry';
import { consoleQueryClient } from '../session/consoleQueryClient';
import { Logo } from './Logo';
import { NavMenu } from './NavMenu';
import { PageSpinner } from './PageSpinner';
import { TOP_BAR_HEIGHT, TopBar } from './TopBar';

/** Below this width the side menu becomes a drawer (the brief's 768 px). */
const WIDE_QUERY = '(min-width: 768px)';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  body: { display: 'flex', flex: 1, minHeight: 0 },
  // The menu's column runs the body's whole height (a long page's bottom included); the menu
  // inside it stays in view while the page scrolls.
  sideColumn: {
    width: '240px',
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 767px)': { display: 'none' },
  },
  side: {
    position: 'sticky',
    top: TOP_BAR_HEIGHT,
    boxSizing: 'border-box',
    height: `calc(100vh - ${TOP_BAR_HEIGHT})`,
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
  },
  main: {
    flex: 1,
    minWidth: 0,
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    '@media (max-width: 767px)': { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
  },
  content: { maxWidth: '1200px', marginInline: 'auto' },
  drawerBody: { paddingBottom: tokens.spacingVerticalL },
});

/**
 * The signed-in area: the console's query client (every page and remote under it reads the API
 * through it; the public pages never load it) around the frame.
 */
export default function AppLayout() {
  return (
    <QueryClientProvider client={consoleQueryClient}>
      <ConsoleFrame />
    </QueryClientProvider>
  );
}

/** The authenticated chrome: top bar, side menu (a drawer on small screens) and the page. */
function ConsoleFrame() {
  const styles = useStyles();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  // Signed in from a public page (which does not read the remotes map): the map's routes and menu entries.
  useEffect(ensureRemotesMapRead, []);

  // The drawer closes when the page changes, and when the window grows past the drawer breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    const wide = window.matchMedia(WIDE_QUERY);
    const onChange = () => wide.matches && setDrawerOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  return (
    <div className={styles.root}>
      <TopBar onOpenMenu={() => setDrawerOpen(true)} menuOpen={drawerOpen} />
      <div className={styles.body}>
        <div className={styles.sideColumn}>
          <aside className={styles.side} aria-label="Side menu">
            <NavMenu />
          </aside>
        </div>
        <main className={styles.main}>
          <div className={styles.content}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
      <OverlayDrawer
        open={drawerOpen}
        onOpenChange={(_, { open }) => setDrawerOpen(open)}
        position="start"
        size="small"
        aria-label="Navigation"
      >
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button
                appearance="subtle"
                aria-label="Close navigation menu"
                icon={<DismissRegular />}
                onClick={() => setDrawerOpen(false)}
              />
            }
          >
            <Logo />
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={styles.drawerBody}>
          <NavMenu onNavigate={() => setDrawerOpen(false)} />
        </DrawerBody>
      </OverlayDrawer>
    </div>
  );
}
