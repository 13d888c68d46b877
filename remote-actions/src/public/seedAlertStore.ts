import type { AlertStore } from '../components/publicAlert';
import type { PublicPageData } from './pageData';

/** The alert the server read goes into the page's store, so the page renders it at once (server and browser alike). */
export function seedAlertStore(store: AlertStore, data: PublicPageData): void {
  // Under the id as the URL spells it (the page's key), which may differ in case from the alert's.
  if (data.alert) store.set(data.alertId ?? data.alert.id, data.alert);
}
