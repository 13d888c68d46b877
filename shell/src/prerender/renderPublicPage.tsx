import {
  createCSSRuleFromTheme,
  createDOMRenderer,
  RendererProvider,
  renderToStyleElements,
  SSRProvider,
  webDarkTheme,
} from '@fluentui/react-components';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { App } from '../App';
import { PUBLIC_PAGES, type PublicPagePath } from '../routes';

/** The shell's pages prerendered at build time (shell/rsbuild.prerender.ts writes them). */
export const PUBLIC_PAGE_PATHS = Object.keys(PUBLIC_PAGES) as PublicPagePath[];

export interface PrerenderedPage {
  /** `<style>` elements for <head>: every Fluent/Griffel rule the page used, and the dark theme's variables. */
  head: string;
  /** The page's markup, for inside #root. */
  body: string;
}

/**
 * The provider's theme variables for the dark theme, applied when the entry script found a dark
 * choice in storage (src/theme/applyStoredScheme.ts): the page hydrates in Light, as it was
 * rendered, yet shows dark from its first script on. More specific than the provider's own rule,
 * and off as soon as `data-theme` says light.
 */
const DARK_BEFORE_HYDRATION = createCSSRuleFromTheme('html[data-theme="dark"] #root > .fui-FluentProvider', webDarkTheme);

const renderAt = (path: PublicPagePath) => {
  const renderer = createDOMRenderer();
  const body = renderToString(
    <RendererProvider renderer={renderer}>
      <SSRProvider>
        <App prerenderPath={path} />
      </SSRProvider>
    </RendererProvider>,
  );
  return { body, renderer };
};

/**
 * One public page as the browser's first render will draw it: the same App, at `path`, in Light,
 * signed out (the session and the stored theme are read after hydration). Griffel's renderer
 * collects the CSS of every style used, so the HTML paints styled.
 *
 * The page's module is loaded first, as the browser's entry does, so it renders at once, whole.
 * Not a streaming prerender, which would put a suspended page after an inline script that swaps
 * it in: the CSP (`script-src 'self'`) blocks inline scripts, and a page without JavaScript
 * must show its form.
 */
export async function renderPublicPage(path: PublicPagePath): Promise<PrerenderedPage> {
  await PUBLIC_PAGES[path].preload();
  const { body, renderer } = renderAt(path);
  if (/<script|<template|<!--\$[?!]-->/.test(body)) throw new Error(`${path} did not render whole on the server: ${body.slice(0, 200)}`);
  const head = `${renderToStaticMarkup(renderToStyleElements(renderer))}<style id="vigil-dark-before-hydration">${DARK_BEFORE_HYDRATION}</style>`;
  return { head, body };
}
