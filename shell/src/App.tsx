import { FluentProvider, Toaster, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, TOASTER_ID, useColorScheme } from '@vigil/shared';
import { Provider as JotaiProvider } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

const queryClient = createQueryClient();

/** Fluent's theme from the Appearance choice (System follows the OS, live). */
function ThemedFluentProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme();
  useEffect(() => {
    // Native parts (scrollbars, form autofill) and the page behind the app follow too;
    // data-theme also lets the end-to-end tests read what is painted.
    const root = document.documentElement;
    root.style.colorScheme = scheme;
    root.dataset.theme = scheme;
  }, [scheme]);
  return (
    <FluentProvider theme={scheme === 'dark' ? webDarkTheme : webLightTheme} style={{ minHeight: '100%' }}>
      {children}
    </FluentProvider>
  );
}

/** Every provider of the console lives here: remotes render components and hooks only. */
export function App() {
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <ThemedFluentProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          {/* The one toaster: useNotify() from any app reaches it by id. Its z-index is set in index.html. */}
          <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur limit={4} />
        </ThemedFluentProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
