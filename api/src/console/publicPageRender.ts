import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What the public page needs to render on the server; the shape of remote-actions'
 * src/public/pageData.ts (the bundle is loaded at run time, so its types are restated here).
 */
export interface PublicPageData {
  alertId?: string;
  alert?: unknown;
  failure?: { status: number; detail: string };
  actionFailure?: { status: number; detail: string; action: string };
}

interface RenderedPublicPage {
  head: string;
  body: string;
  dataScript: string;
}

interface PageServerBundle {
  renderPublicPage(request: { path: string; search: string; data: PublicPageData }): RenderedPublicPage;
}

/** remote-actions builds its Node renderer beside its browser page: `<version>/server/index.mjs` next to `<version>/page/`. */
const serverBundleOf = (pageDir: string) => path.join(pageDir, '..', 'server', 'index.mjs');

// One import per bundle file and build (its mtime): a release names another version folder,
// a rebuild of the same version changes the mtime; Node caches each URL, so the URL says both.
const bundles = new Map<string, Promise<PageServerBundle | null>>();
const templates = new Map<string, { mtimeMs: number; html: string }>();

async function loadBundle(file: string, log: FastifyBaseLogger): Promise<PageServerBundle | null> {
  const mtimeMs = await stat(file).then(
    (s) => s.mtimeMs,
    () => null,
  );
  if (mtimeMs === null) return null;
  const key = `${file}?${mtimeMs}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = import(`${pathToFileURL(file).href}?v=${mtimeMs}`).then(
      (module: Partial<PageServerBundle>) => (typeof module.renderPublicPage === 'function' ? (module as PageServerBundle) : null),
      (error: unknown) => {
        log.error({ err: error }, `Cannot load the public page's server renderer ${file}: the page renders in the browser`);
        return null;
      },
    );
    bundles.set(key, bundle);
  }
  return bundle;
}

async function loadTemplate(pageDir: string): Promise<string> {
  const file = path.join(pageDir, 'index.html');
  const { mtimeMs } = await stat(file);
  const cached = templates.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.html;
  const html = await readFile(file, 'utf8');
  templates.set(file, { mtimeMs, html });
  return html;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The public page (remote-actions' `page/index.html`) with the server's render inside: the
 * styles Griffel collected in <head>, the markup in #root, and the data the browser hydrates
 * from right after it (a JSON script: the CSP's `script-src 'self'` does not apply to data).
 * Null when this build has no server renderer (an older remote-actions version) or it fails:
 * the caller then serves the page as a file, which renders in the browser as before.
 */
export async function renderPublicPageHtml(
  pageDir: string,
  request: { path: string; search: string; data: PublicPageData },
  log: FastifyBaseLogger,
): Promise<string | null> {
  const bundle = await loadBundle(serverBundleOf(pageDir), log);
  if (!bundle) return null;
  try {
    const template = await loadTemplate(pageDir);
    if (!template.includes(ROOT_ELEMENT) || !template.includes('</head>')) return null;
    const { head, body, dataScript } = bundle.renderPublicPage(request);
    // Functions as replacements: a `$` in the rendered text must stay as it is.
    return template.replace('</head>', () => `${head}</head>`).replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>${dataScript}`);
  } catch (error) {
    log.error({ err: error }, 'The public page failed to render on the server: it renders in the browser');
    return null;
  }
}
