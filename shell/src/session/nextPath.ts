/**
 * Where /login?next=… sends a user once signed in: a path of this console only (one leading
 * slash, no scheme, no `//host` or `/\host` a browser would read as another site); else `/`.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Control characters (a tab or newline inside `//`) are dropped by URL parsers: refuse them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for exactly those
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  return next;
}

/** The login page's link that comes back to `path` (the invitation page's "Sign in"). */
export const loginReturningTo = (path: string) => `/login?next=${encodeURIComponent(path)}`;
