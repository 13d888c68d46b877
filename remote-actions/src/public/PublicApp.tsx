import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { ALERT_ACTIONS, createQueryClient, useColorScheme } from '@vigil/shared';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { ToasterOnDemand } from '../components/toasterOnDemand';
import ActionsPage from '../pages/ActionsPage';
import ResultPage from '../pages/ResultPage';

const queryClient = createQueryClient();

// A contact's confirmation page, fetched only on its route: an alert link's page stays as small as it was.
const ContactConfirmationPage = lazy(() => import('../pages/ContactConfirmationPage'));

/**
 * Fluent's theme from the Appearance choice (localStorage `theme`; System follows the OS, live),
 * as the shell paints it (shell/src/App.tsx), with data-theme and color-scheme on <html>.
 */
function ThemedFluentProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme();
  useEffect(() => {
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

/**
 * The standalone public page of notification links (docs/product.md §2.2): the providers the shell would
 * give the pages, without the shell. The API serves it only for these routes: the four of an
 * alert link, and an escalation contact's confirmation link.
 */
export function PublicApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedFluentProvider>
        <ToasterOnDemand>
          <Switch>
            <Route path="/actions/:alertId" component={ActionsPage} />
            {ALERT_ACTIONS.map((action) => (
              <Route key={action} path={`/${action}/:alertId`} component={ResultPage} />
            ))}
            <Route path="/contacts/confirm">
              <Suspense fallback={null}>
                <ContactConfirmationPage />
              </Suspense>
            </Route>
          </Switch>
        </ToasterOnDemand>
      </ThemedFluentProvider>
    </QueryClientProvider>
  );
}
