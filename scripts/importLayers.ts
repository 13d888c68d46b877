// The API's layers, lowest first: a module may import its own layer and those below it. An
// import from a lower layer to a higher one needs a comment starting `upward:` on the line
// above the import, saying why; `npm run check:cycles` lists any other.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const API_LAYERS: readonly (readonly string[])[] = [
  // Foundation: configuration, errors, the database, HTTP plumbing, outbound HTTP, operations.
  [
    'configSettings',
    'config',
    'errors',
    'db',
    'common',
    'apiPrefix',
    'openapi',
    'requestValidation',
    'responseSerialization',
    'securityHeaders',
    'outbound',
    'operations',
  ],
  // Accounts and messaging: who signs in (passwords, single sign-on, API tokens), teams and their roles,
  // signed links, email, the notification outbox and delivery, the providers it sends through, and the audit log every change below records into.
  ['auth', 'sso', 'apiTokens', 'users', 'teams', 'audit', 'links', 'email', 'notifications', 'providers'],
  // People and how they are reached: schedules and on-call computation, their calendar feeds, contacts, contact methods.
  ['oncall', 'schedules', 'calendars', 'contacts', 'contactMethods'],
  // Escalation: policies, the timer that walks them, and whether the people they reach can be woken.
  ['escalation', 'escalationPolicies', 'reachability'],
  // Alerts, what sends them, how they are routed, the windows that silence them, and the channels people answer them through (phone, chat).
  ['alerts', 'ingest', 'grouping', 'integrations', 'routing', 'heartbeats', 'maintenance', 'telephony', 'chat'],
  // Surfaces over the features: the console's pages, instance settings, utilities, the importers
  // of other vendors' configurations (`npm run import`).
  ['console', 'settings', 'utils', 'importers'],
  // The composition root, the server's entry point and the migration command's (Kubernetes' Job).
  ['app', 'server', 'migrate'],
];

/** A module's layer: its top-level folder (or file name, without `.ts`) under `src/`. */
export function layerOf(module: string, layers: readonly (readonly string[])[] = API_LAYERS): number {
  const top = module.includes('/') ? module.slice(0, module.indexOf('/')) : module.replace(/\.tsx?$/, '');
  const index = layers.findIndex((layer) => layer.includes(top));
  if (index === -1) throw new Error(`src/${module}: its folder "${top}" is in no layer of scripts/importLayers.ts; add it to one.`);
  return index;
}

export interface UpwardImport {
  from: string;
  to: string;
  /** Whether the line above the import says why (`// upward: …`). */
  explained: boolean;
}

/**
 * The value imports of `graph` (madge's `obj()`: module → modules it imports, paths relative to
 * `srcDir`) that point from a lower layer to a higher one.
 */
export function upwardImports(srcDir: string, graph: Record<string, string[]>, layers = API_LAYERS): UpwardImport[] {
  const found: UpwardImport[] = [];
  for (const [from, targets] of Object.entries(graph)) {
    // Outside src (the package's own package.json) is no layer.
    const upward = targets.filter((to) => !to.startsWith('..') && layerOf(to, layers) > layerOf(from, layers));
    if (upward.length === 0) continue;
    const lines = readFileSync(path.join(srcDir, from), 'utf8').split('\n');
    for (const to of upward) found.push({ from, to, explained: isExplained(lines, specifierOf(from, to)) });
  }
  return found;
}

/** How `from` names `to` in its import: `../alerts/service.js` (NodeNext: .ts written as .js). */
function specifierOf(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to).replace(/\.tsx?$/, '.js');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

function isExplained(lines: string[], specifier: string): boolean {
  const end = lines.findIndex((line) => line.includes(`from '${specifier}'`));
  if (end === -1) return false;
  // The statement's first line (a long import spans several), then the line above it.
  let start = end;
  while (start > 0 && !/^\s*(import|export)\b/.test(lines[start] ?? '')) start--;
  return /\/\/\s*upward:/.test(lines[start - 1] ?? '');
}
