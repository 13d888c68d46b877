import { satisfy } from '@module-federation/enhanced/runtime';

/** A shared singleton a remote was built against: its share key and the range it requires. */
export interface SharedRequirement {
  key: string;
  range: string;
}

/** Share key → the version the console provides. */
export type ProvidedShared = Record<string, string>;

/** A library the remote needs in a range the console does not provide (`provided` null: the key not at all). */
export interface Mismatch {
  library: string;
  key: string;
  range: string;
  provided: string | null;
}

/**
 * The Module Federation runtime, checked like a shared library. In production a remote has no
 * runtime of its own (externalRuntime): its bundler runtime calls the shell's, so the remote
 * needs the shell's runtime in the release line that built it.
 */
export const FEDERATION_RUNTIME = '@module-federation/runtime';

/**
 * What a remote built by federation plugin `pluginVersion` (its manifest's `metaData`) needs of
 * the shell's runtime: the same minor line (`2.9.2` → `~2.9.0`), as the project pins it
 * (`~2.9.2` in package.json): minor releases of the runtime change what the bundler runtime
 * calls. A manifest that does not say is refused (`provided` never satisfies `<0.0.0`).
 */
export function runtimeRequirement(pluginVersion: unknown): SharedRequirement {
  const match = typeof pluginVersion === 'string' ? /^(\d+)\.(\d+)\.\d+/.exec(pluginVersion) : null;
  return { key: FEDERATION_RUNTIME, range: match ? `~${match[1]}.${match[2]}.0` : '<0.0.0' };
}

/**
 * The library a share key belongs to, as people name it: `@vigil/shared/api/api` → `shared`,
 * `react-dom/client` → `react-dom`, `@griffel/react` → `@griffel/react`.
 */
export function libraryOf(key: string): string {
  if (key.startsWith('@vigil/shared/')) return 'shared';
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * What keeps a remote from running in this console. Each required key the console provides
 * must satisfy its range (the same semver rules the federation runtime negotiates with). A
 * key the console does not provide is the remote's own business (it brings its own copy),
 * unless the console shares that library under other keys: then the remote would run a
 * second copy of a singleton (e.g. a module of `shared` newer than the console's).
 */
export function findMismatches(required: readonly SharedRequirement[], provided: ProvidedShared): Mismatch[] {
  const providedLibraries = new Map<string, string>();
  for (const [key, version] of Object.entries(provided)) providedLibraries.set(libraryOf(key), version);
  const mismatches = new Map<string, Mismatch>();
  for (const { key, range } of required) {
    const library = libraryOf(key);
    const version = provided[key];
    const fits = version === undefined ? !providedLibraries.has(library) : satisfy(version, range);
    const id = version === undefined ? key : `${library} ${range}`;
    if (!fits && !mismatches.has(id)) mismatches.set(id, { library, key, range, provided: version ?? null });
  }
  return [...mismatches.values()];
}

const clause = ({ library, key, range, provided }: Mismatch) =>
  provided === null ? `${key} ${range}, which the console does not provide` : `${library} ${range} but the console provides ${provided}`;

/** "This part of the console (Alerts 2.0.0) needs shared ^2.0.0 but the console provides 0.1.0." */
export function incompatibilityMessage(part: string, version: string, mismatches: readonly Mismatch[]): string {
  const clauses = mismatches.map(clause);
  const list = clauses.length > 1 ? `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}` : (clauses[0] ?? '');
  return `This part of the console (${part} ${version}) needs ${list}.`;
}
