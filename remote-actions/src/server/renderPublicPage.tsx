import { createDOMRenderer, RendererProvider, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createAlertStore } from '../components/publicAlert';
import { PublicApp } from '../public/PublicApp';
import { PAGE_DATA_ELEMENT_ID, type PublicPageData } from '../public/pageData';
import { seedAlertStore } from '../public/seedAlertStore';

export interface PublicPageRequest {
  /** The request's path, e.g. `/actions/<id>`. */
  path: string;
  /** Its query without `?` (the link's `t=` token). */
  search: string;
  data: PublicPageData;
}

export interface RenderedPublicPage {
  /** The `<style>` elements of every Fluent/Griffel rule the page used, for <head>. */
  head: string;
  /** The page's markup, for inside #root. */
  body: string;
  /** The data the browser hydrates from: a `<script type="application/json">`, for after #root. */
  dataScript: string;
}

/** JSON that cannot end its <script> element early nor open a comment there: `<`, `>`, `&` and line separators escaped. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The public page rendered on the server (the API calls this; `npm run build` makes it, as
 * remote-actions' `server` environment, a Node bundle beside the browser page it matches).
 * The same PublicApp as the browser's, from the same data: the browser hydrates it without
 * a difference. Griffel's renderer collects the CSS of every style the render used, so the
 * HTML paints styled before any script runs. React escapes every text and attribute.
 */
export function renderPublicPage({ path, search, data }: PublicPageRequest): RenderedPublicPage {
  const renderer = createDOMRenderer();
  // This request's alerts only: a store of its own, dropped with the render.
  const alerts = createAlertStore();
  seedAlertStore(alerts, data);
  const body = renderToString(
    <RendererProvider renderer={renderer}>
      <SSRProvider>
        <PublicApp alerts={alerts} data={data} ssr={{ path, search }} />
      </SSRProvider>
    </RendererProvider>,
  );
  const head = renderToStaticMarkup(renderToStyleElements(renderer));
  const dataScript = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
  return { head, body, dataScript };
}
