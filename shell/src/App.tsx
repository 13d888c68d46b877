import { ThemedFluentProvider } from '@vigil/shared';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { ToasterOnDemand } from './layout/toasterOnDemand';
import { AppRoutes } from './routes';

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
      {/* A prerendered page (docs/console/prerendered-pages.md) hydrates in Light, as built; until then applyStoredScheme.ts paints the stored choice. */}
      <ThemedFluentProvider lightUntilHydrated>
        {prerenderPath ? <MemoryRouter initialEntries={[prerenderPath]}>{routes}</MemoryRouter> : <BrowserRouter>{routes}</BrowserRouter>}
        {/* The one toaster, fetched with the first toast. Its z-index is set in index.html. */}
        <ToasterOnDemand />
      </ThemedFluentProvider>
    </JotaiProvider>
  );
}
