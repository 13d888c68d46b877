// @vitest-environment jsdom
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveColorScheme, THEME_KEY, themeAtom } from './themeAtom';

beforeEach(() => localStorage.clear());

describe('themeAtom', () => {
  it('starts on Light in a fresh browser', () => {
    expect(createStore().get(themeAtom)).toBe('light');
  });

  it('keeps the choice raw in localStorage key "theme"', () => {
    const store = createStore();
    store.set(themeAtom, 'dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    store.set(themeAtom, 'system');
    expect(localStorage.getItem(THEME_KEY)).toBe('system');
  });

  it('reads a stored choice back in a new session (on first read, before any render)', async () => {
    localStorage.setItem(THEME_KEY, 'dark');
    vi.resetModules(); // a page load: the module, and so the atom, is created again
    const fresh = await import('./themeAtom');
    expect(createStore().get(fresh.themeAtom)).toBe('dark');
  });

  it('picks up a choice stored after start-up once mounted (e.g. by another tab)', () => {
    const store = createStore();
    localStorage.setItem(THEME_KEY, 'system');
    const unsubscribe = store.sub(themeAtom, () => {});
    expect(store.get(themeAtom)).toBe('system');
    unsubscribe();
  });

  it('ignores a value it does not know', () => {
    const store = createStore();
    localStorage.setItem(THEME_KEY, '"dark"');
    const unsubscribe = store.sub(themeAtom, () => {});
    expect(store.get(themeAtom)).toBe('light');
    unsubscribe();
  });
});

describe('resolveColorScheme', () => {
  it('follows the system only for System', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
  });
});
