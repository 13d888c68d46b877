import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { type ReactNode, useEffect } from 'react';
import { useHydrated } from '../hydration/useHydrated';
import { useColorScheme } from './themeAtom';

interface Props {
  children: ReactNode;
  /**
   * For a page rendered on the server: the server cannot read the stored choice, so it paints
   * Light (a fresh browser's default), and so does the hydrating render; the choice applies
   * right after. Without it (a page rendered in the browser only) the choice applies at once.
   */
  lightUntilHydrated?: boolean;
}

/**
 * Fluent's theme from the Appearance choice (localStorage `theme`; System follows the OS, live),
 * with `color-scheme` and `data-theme` on <html>: native parts (scrollbars, form autofill) and
 * the page behind the app follow too, and the end-to-end tests read what is painted.
 * The one themed provider of the console (the shell) and of the public pages (remote-actions).
 */
export function ThemedFluentProvider({ children, lightUntilHydrated = false }: Props) {
  const stored = useColorScheme();
  const hydrated = useHydrated();
  const scheme = lightUntilHydrated && !hydrated ? 'light' : stored;
  const painting = !lightUntilHydrated || hydrated;
  useEffect(() => {
    // Not while hydrating: a page's entry script may already have set the stored scheme on
    // <html> (shell/src/theme/applyStoredScheme.ts), which Light must not undo.
    if (!painting) return;
    const root = document.documentElement;
    root.style.colorScheme = scheme;
    root.dataset.theme = scheme;
  }, [scheme, painting]);
  return (
    <FluentProvider theme={scheme === 'dark' ? webDarkTheme : webLightTheme} style={{ minHeight: '100%' }}>
      {children}
    </FluentProvider>
  );
}
