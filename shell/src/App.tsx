import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useColorScheme, useHydrated } from '@vigil/shared';
import { Provider as JotaiProvider } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { ToasterOnDemand } from './layout/toasterOnDemand';
import { AppRoutes } from './routes';

/**
 * Fluent's theme from the Appearance choice (System follows the OS, live). A prerendered page
 * (docs/console.md) was rendered in Light at build time and hydrates in Light; the stored
 * choice applies right after hydration (until then, the CSS of applyStoredScheme.ts paints it).
 */
function ThemedFluentProvider({ children }: { children: ReactNode }) {
  const stored = useColorScheme();
  const hydrated = useHydrated();
  const scheme = hydrated ? stored : 'light';
  useEffect(() => {
    // Native parts (scrollbars, form autofill) and the page behind the app follow too;
    // data-theme also lets the end-to-end tests read what is painted. Not while hydrating:
    // the entry script has already set the stored scheme, which Light must not undo.
    if (!hydrated) return;
    const root = document.documentElement;
    root.style.colorScheme = scheme;
    root.dataset.theme = scheme;
  }, [scheme, hydrated]);
  return (
    <FluentProvider theme={scheme === 'dark' ? webDarkTheme : webLightTheme} style={{ minHeight: '100%' }}>
      {children}
    </FluentProvider>
  );
}

export interface AppProps {
  /** Prerendering at build time: the page's path (the browser's location otherwise). */
  prerenderPath?: string;
}

/**
 * Every provider of the public pages and the frame of the console: remotes render components
 * and hooks only. The query client is the signed-in area's (layout/AppLayout.tsx): the public
 * pages do not download it.
 */
export function App({ prerenderPath }: AppProps) {
  const routes = <AppRoutes />;
  return (
    <JotaiProvider>
      <ThemedFluentProvider>
        {prerenderPath ? <MemoryRouter initialEntries={[prerenderPath]}>{routes}</MemoryRouter> : <BrowserRouter>{routes}</BrowserRouter>}
        {/* The one toaster, fetched with the first toast. Its z-index is set in index.html. */}
        <ToasterOnDemand />
      </ThemedFluentProvider>
    </JotaiProvider>
  );
}
