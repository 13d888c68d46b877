import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { runtimeRequirement, type SharedRequirement } from './compatibility';

/** What the shell reads of a remote's `mf-manifest.json` (written by its build). */
export interface RemoteManifest {
  /** The remote's package name and version (`buildInfo`: its package.json, or the version it was built as). */
  app: string;
  version: string;
  /** The shared singletons it was built against, with the range each requires, and the federation runtime. */
  requires: SharedRequirement[];
}

interface ManifestJson {
  metaData?: { buildInfo?: { buildName?: unknown; buildVersion?: unknown }; pluginVersion?: unknown };
  shared?: { name?: unknown; requiredVersion?: unknown; singleton?: unknown }[];
}

/** Manifests fetched for the compatibility check, handed once to the federation runtime. */
const handoff = new Map<string, unknown>();
const absolute = (url: string) => new URL(url, document.baseURI).href;

/**
 * The remote's manifest, fetched by the shell so it can check the remote before running any
 * of its code. The federation runtime then gets this same document (`manifestHandoff`), so
 * the manifest is downloaded once.
 */
export async function fetchRemoteManifest(url: string): Promise<RemoteManifest> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const json = (await response.json()) as ManifestJson;
  const { buildName, buildVersion } = json.metaData?.buildInfo ?? {};
  if (typeof buildVersion !== 'string' || !Array.isArray(json.shared)) throw new Error(`${url} is not a federation manifest`);
  handoff.set(absolute(url), json);
  return {
    app: typeof buildName === 'string' ? buildName.replace(/^@[^/]+\//, '') : url,
    version: buildVersion,
    requires: [
      ...json.shared.flatMap((s) =>
        s.singleton !== false && typeof s.name === 'string' && typeof s.requiredVersion === 'string'
          ? [{ key: s.name, range: s.requiredVersion }]
          : [],
      ),
      runtimeRequirement(json.metaData?.pluginVersion),
    ],
  };
}

/** A federation runtime plugin: the runtime's manifest request is answered with the one the shell checked. */
export const manifestHandoff: ModuleFederationRuntimePlugin = {
  name: 'vigil-manifest-handoff',
  fetch(url) {
    const key = absolute(url);
    const json = handoff.get(key);
    if (json === undefined) return undefined;
    handoff.delete(key);
    return Promise.resolve(new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } }));
  },
};
