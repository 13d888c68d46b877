import type { AlertAction, AlertPublic } from '@vigil/shared';
import { createContext, useContext } from 'react';

/** The id of the `<script type="application/json">` that carries a server-rendered page's data. */
export const PAGE_DATA_ELEMENT_ID = 'vigil-page-data';

/** A refusal the server met while rendering: what the JSON API would have answered. */
export interface PageFailure {
  status: number;
  detail: string;
}

/**
 * What the server knew when it rendered a public page, embedded in the page as JSON so the
 * browser hydrates from the same data (no second render that differs, no request before paint).
 * - `alert` or `failure`: the alert of /actions/:id, or why it could not be read;
 * - `actionFailure`: a form post (no JavaScript) whose action was refused, with its toast's text.
 */
export interface PublicPageData {
  alertId?: string;
  alert?: AlertPublic;
  failure?: PageFailure;
  actionFailure?: PageFailure & { action: AlertAction };
}

export const PageDataContext = createContext<PublicPageData | null>(null);

/** The server's data for this page, or null on a page rendered in the browser only. */
export const usePageData = () => useContext(PageDataContext);

/** Reads the data the server embedded, or null (a page served without server rendering). */
export function readEmbeddedPageData(doc: Document): PublicPageData | null {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PublicPageData;
  } catch {
    return null;
  }
}
