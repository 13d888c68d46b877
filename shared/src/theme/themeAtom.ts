import { useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type ColorScheme = 'light' | 'dark';

/** Contract: the choice is kept in localStorage key `theme` as the raw word; a fresh browser starts on Light. */
export const THEME_KEY = 'theme';
export const DEFAULT_THEME: ThemeChoice = 'light';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export const isThemeChoice = (value: unknown): value is ThemeChoice => THEME_CHOICES.includes(value as ThemeChoice);

/** Raw strings (not JSON), and anything unknown in storage reads as the default. */
const rawThemeStorage = {
  getItem(key: string, initialValue: ThemeChoice): ThemeChoice {
    try {
      const stored = localStorage.getItem(key);
      return isThemeChoice(stored) ? stored : initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: ThemeChoice) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage may be full or blocked (private mode): the choice then lasts for this tab only.
    }
  },
  removeItem(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
  // Another tab changed the theme: follow it.
  subscribe(key: string, callback: (value: ThemeChoice) => void, initialValue: ThemeChoice) {
    if (typeof window === 'undefined') return () => {};
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) callback(isThemeChoice(event.newValue) ? event.newValue : initialValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

/** The user's appearance choice (settings → Appearance writes it, the shell's FluentProvider reads it). */
export const themeAtom = atomWithStorage<ThemeChoice>(THEME_KEY, DEFAULT_THEME, rawThemeStorage, { getOnInit: true });

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemScheme(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemPrefersDark = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(DARK_QUERY).matches);

/** The scheme to paint: the choice, with System following the operating system live. */
export function resolveColorScheme(choice: ThemeChoice, prefersDark: boolean): ColorScheme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

export function useColorScheme(): ColorScheme {
  const choice = useAtomValue(themeAtom);
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);
  return resolveColorScheme(choice, prefersDark);
}
