/**
 * The stored Appearance choice, put on <html> (`data-theme`, `color-scheme`) by the entry
 * script, before the shared libraries load. A prerendered page (docs/console/prerendered-pages.md) was rendered
 * in Light at build time and hydrates in Light; its <head> holds the dark theme's variables
 * for `html[data-theme="dark"]`, so a dark choice shows as soon as this runs, not after hydration.
 * Plain DOM on purpose: the shared theme atom is a federation singleton, not available yet here.
 */
// shared/src/theme/themeAtom.ts: the contract's localStorage key and its raw words.
const THEME_KEY = 'theme';

export function applyStoredScheme(): void {
  let choice: string | null = null;
  try {
    choice = localStorage.getItem(THEME_KEY);
  } catch {
    // Storage blocked: Light, as the theme atom reads it then.
  }
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  const scheme = dark ? 'dark' : 'light';
  document.documentElement.dataset.theme = scheme;
  document.documentElement.style.colorScheme = scheme;
}
