import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { workspaceFolders } from '../../../scripts/apps.js';
import { ROOT } from './repo.js';

export interface RepoCopy {
  root: string;
  remove(): void;
}

/**
 * A copy of the checkout's sources (what git tracks or would, as they are in the working tree)
 * in a temporary folder, for a test to change: scaffold a remote, edit a page. node_modules is
 * not copied: each of its packages is linked to the checkout's, except the workspace packages
 * (`@vigil/*`), linked to the copy's own folders, so the copy's apps share the copy's `shared`.
 * npm's own files there are left out, so nothing run in the copy writes into the checkout.
 */
export function repoCopy(prefix = 'vigil-repo-'): RepoCopy {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of files.split('\0')) {
    if (file && existsSync(path.join(ROOT, file))) cpSync(path.join(ROOT, file), path.join(root, file));
  }
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@vigil'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    // Not npm's own files (.package-lock.json): npm would write the copy's changes through a link.
    if (entry === '@vigil' || (entry.startsWith('.') && entry !== '.bin')) continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const folder of workspaceFolders(root)) {
    const { name } = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as { name: string };
    symlinkSync(path.join(root, folder), path.join(modules, name));
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
