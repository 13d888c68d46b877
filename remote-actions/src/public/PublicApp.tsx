import { ALERT_ACTIONS, ThemedFluentProvider } from '@vigil/shared';
import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { type AlertStore, AlertStoreContext } from '../components/publicAlert';
import { ToasterOnDemand } from '../components/toasterOnDemand';
import ActionFailedPage from '../pages/ActionFailedPage';
import ActionsPage from '../pages/ActionsPage';
import ResultPage from '../pages/ResultPage';
import { PageDataContext, type PublicPageData } from './pageData';

// A contact's confirmation page (with the query client its hooks need), fetched only on its
// route: an alert link's page stays as small as it was.
const ContactConfirmationPage = lazy(() => import('./ContactConfirmationRoute'));

export interface PublicAppProps {
  /** The alerts the page read (seeded with the server's), one store per page or server render. */
  alerts: AlertStore;
  /** What the server rendered the page with (null: rendered in the browser only). */
  data?: PublicPageData | null;
  /** On the server: the request's path and query (the router has no browser location there). */
  ssr?: { path: string; search: string };
}

/**
 * The standalone public page of notification links (docs/product.md §2.2): the providers the shell would
 * give the pages, without the shell. The API serves it only for these routes: the four of an
 * alert link, an action's form post (pages without JavaScript), and an escalation contact's
 * confirmation link.
 */
export function PublicApp({ alerts, data = null, ssr }: PublicAppProps) {
  return (
    <AlertStoreContext.Provider value={alerts}>
      <PageDataContext.Provider value={data}>
        <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
          <ThemedFluentProvider lightUntilHydrated>
            <ToasterOnDemand>
              <Switch>
                <Route path="/actions/:alertId" component={ActionsPage} />
                <Route path="/actions/:alertId/:action" component={ActionFailedPage} />
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
        </Router>
      </PageDataContext.Provider>
    </AlertStoreContext.Provider>
  );
}
