import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './repo.js';

const OVERLAYS = path.join(ROOT, 'deploy/kubernetes/overlays');
const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The overlays under deploy/kubernetes/overlays (folders with a kustomization), by name. */
export function overlayNames(): string[] {
  if (!existsSync(OVERLAYS)) return [];
  return readdirSync(OVERLAYS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && KUSTOMIZATION_FILES.some((file) => existsSync(path.join(OVERLAYS, entry.name, file))))
    .map((entry) => entry.name)
    .sort();
}

/** The objects an overlay renders to, as `kubectl kustomize` prints them. */
export async function renderOverlay(name: string): Promise<object[]> {
  const { stdout } = await promisify(execFile)('kubectl', ['kustomize', path.join(OVERLAYS, name)], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new Error('kubectl is needed to render the overlays (kubectl kustomize), and it is not on the PATH');
      throw error;
    },
  );
  return parseAllDocuments(stdout)
    .map((document) => {
      if (document.errors.length)
        throw new Error(`kubectl kustomize ${name} printed YAML that does not parse: ${document.errors[0]?.message}`);
      return document.toJS();
    })
    .filter((object): object is object => object !== null && typeof object === 'object');
}
