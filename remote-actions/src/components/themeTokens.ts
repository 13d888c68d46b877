import type { tokens as fluentTokens } from '@fluentui/react-components';

/**
 * Fluent's `tokens` for the page's own styles: each theme variable as `var(--<name>)`, exactly
 * what Fluent's object holds (the FluentProvider sets the variables), so the styles and their
 * class names are the same. Fluent's object lists all ~500 variables, 30 KB of the public
 * page's first script; this one makes each on use.
 */
export const tokens = new Proxy({} as typeof fluentTokens, {
  get: (_target, name) => `var(--${String(name)})`,
});
