import { Toaster } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, ThemedFluentProvider, TOASTER_ID } from '@vigil/shared';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

const queryClient = createQueryClient();

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
