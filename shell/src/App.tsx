import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@vigil/shared';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RemotePage } from './remotes/RemotePage';

const queryClient = createQueryClient();

export function App() {
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <FluentProvider theme={webLightTheme} style={{ minHeight: '100%' }}>
          <BrowserRouter>
            <Routes>
              <Route path="/actions/:alertId" element={<RemotePage remote="remote_actions" module="ActionsPage" label="Alert actions" />} />
              <Route path="*" element={<p>Vigil</p>} />
            </Routes>
          </BrowserRouter>
        </FluentProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
