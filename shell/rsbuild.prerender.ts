import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EnvironmentConfig, RsbuildPlugin, Rspack } from '@rsbuild/core';

/** The Rsbuild environment that builds the shell's pages for Node, to render them at build time. */
export const PRERENDER_ENVIRONMENT = 'prerender';

/** Node bundle of src/prerender/renderPublicPage.tsx: built, used by the plugin below, then removed. */
export const prerenderEnvironment = (outDir: string): EnvironmentConfig => ({
  source: { entry: { index: './src/prerender/renderPublicPage.tsx' } },
  output: {
    target: 'node',
    distPath: { root: outDir },
    filename: { js: '[name].mjs' },
    minify: false,
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
  tools: { htmlPlugin: false },
});

interface PrerenderBundle {
  PUBLIC_PAGE_PATHS: string[];
  renderPublicPage(path: string): Promise<{ head: string; body: string }>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** `/recover-password` → `recover-password.html`: the file the API and nginx answer that path with. */
export const prerenderedFileOf = (pagePath: string) => `${pagePath.slice(1)}.html`;

/** `/recover-password` → `./pages/RecoverPasswordPage`: the module routes.tsx imports for that page. */
const pageModuleOf = (pagePath: string) =>
  `./pages/${pagePath
    .slice(1)
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Page`;

/**
 * The scripts a prerendered page needs to hydrate, beyond the entry: the bootstrap's chunks, the
 * shared singletons' `first-load` chunk and the page module's chunks. Found in the build's chunk
 * graph, so a preload never names a script the page does not load. Without these hints the
 * browser finds them in three rounds (entry, then bootstrap, then page): on a phone's 150 ms
 * round trips that was most of the time until the form could be used.
 */
function hydrationChunks(stats: Rspack.Stats, pagePath: string): string[] {
  const { chunks = [] } = stats.toJson({ all: false, chunks: true, chunkOrigins: true });
  const page = pageModuleOf(pagePath);
  return chunks
    .filter((chunk) => {
      const requests = new Set(chunk.origins?.map((origin) => origin.request));
      return chunk.names?.includes('first-load') || requests.has('./bootstrap') || requests.has(page);
    })
    .flatMap((chunk) => chunk.files?.filter((file) => file.endsWith('.js')) ?? [])
    .sort();
}

/** The web build's stats among the environments' (one Stats, or a MultiStats). */
function webStatsOf(stats: Rspack.Stats | Rspack.MultiStats | undefined): Rspack.Stats | undefined {
  const all = stats && 'stats' in stats ? stats.stats : stats ? [stats] : [];
  return all.find((one) => one.compilation.name === 'web');
}

/**
 * After the build, renders the public pages (login, sign-up, password recovery and reset) into
 * copies of the shell's index.html beside it: HTML and critical CSS, so they paint before any
 * script; the shell's entry then hydrates them (docs/console/prerendered-pages.md). Runs before the precompress
 * plugin (`order: 'pre'`), which then writes their .br and .gz copies with the other assets.
 */
export const pluginPrerender = (): RsbuildPlugin => ({
  name: 'vigil:prerender',
  setup(api) {
    api.onAfterBuild({
      order: 'pre',
      handler: async ({ environments, stats }) => {
        const bundleEnv = environments[PRERENDER_ENVIRONMENT];
        const web = environments.web;
        if (!bundleEnv || !web) return;
        try {
          const bundle = (await import(pathToFileURL(path.join(bundleEnv.distPath, 'index.mjs')).href)) as PrerenderBundle;
          const template = await readFile(path.join(web.distPath, 'index.html'), 'utf8');
          if (!template.includes(ROOT_ELEMENT) || !template.includes('</head>'))
            throw new Error(`index.html has no ${ROOT_ELEMENT} or </head>`);
          for (const pagePath of bundle.PUBLIC_PAGE_PATHS) {
            const { head, body } = await bundle.renderPublicPage(pagePath);
            const webStats = webStatsOf(stats);
            const prefix = /src="([^"]*)static\/js\/index\./.exec(template)?.[1] ?? '/';
            const preloads = (webStats ? hydrationChunks(webStats, pagePath) : [])
              .map((file) => `<link rel="preload" as="script" href="${prefix}${file}">`)
              .join('');
            // Functions as replacements: a `$` in the rendered text must stay as it is.
            const html = template
              .replace('</head>', () => `${preloads}${head}</head>`)
              .replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`);
            await writeFile(path.join(web.distPath, prerenderedFileOf(pagePath)), html);
          }
        } finally {
          // Build-time only: nothing of it is served.
          await rm(bundleEnv.distPath, { recursive: true, force: true });
        }
      },
    });
  },
});
