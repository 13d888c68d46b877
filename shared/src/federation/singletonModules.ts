/**
 * The files of @vigil/shared that hold state or identity, relative to shared/src. Each is a
 * Module Federation singleton of its own (rsbuild.federation.ts), so every app uses the same one:
 * the one API client, the one `ApiError` class (`instanceof` across apps), the one session
 * (its token and whether it is ending), the one theme atom.
 * The rest of @vigil/shared (hooks, components, rules) is stateless: each app bundles, tree-
 * shaken, only what it imports. A new module with state (a React context, a jotai atom, a
 * class, a module-level variable or client) belongs here: singletonModules.test.ts checks.
 */
export const SHARED_SINGLETON_MODULES = ['api/api.ts', 'api/errors.ts', 'session/token.ts', 'theme/themeAtom.ts'] as const;

/** The share key of one of them: `api/api.ts` → `@vigil/shared/api/api`. */
export const singletonShareKey = (file: string): string => `@vigil/shared/${file.replace(/\.tsx?$/, '')}`;
