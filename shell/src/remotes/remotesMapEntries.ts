/**
 * The remotes map (/remotes.json) as the shell reads it. An entry is either the manifest URL
 * (`"remote_actions": "/remotes/remote-actions/1.0.0/mf-manifest.json"`) or an object naming it
 * and, optionally, the remote's place in the console:
 *
 *   "remote_oncall": {"entry": "/remotes/remote-oncall/1.0.0/mf-manifest.json",
 *                     "route": {"path": "oncall", "module": "OnCallPage", "label": "On call",
 *                               "icon": "calendar", "order": 40, "superuserOnly": false}}
 *
 * A route declared there is a page and a menu entry of the console: the one way every remote
 * page joins it (the remote's own vigil-route.json, docs/console/adding-a-remote.md, "Adding a remote"), with no
 * rebuild of the shell. The map is data from a server another team may write, so every entry
 * is checked here and a bad one is left out with a reason (logged by the caller): it never
 * breaks the shell.
 */

/** A page a remote declares in the map: shown at `/<path>` (and below it), and in the side menu. */
export interface DeclaredRoute {
  remote: string;
  path: string;
  module: string;
  label: string;
  /** One of ROUTE_ICONS; an unknown name gets the default. */
  icon: RouteIcon;
  /** The menu's order, lowest first (0–100); Dashboard is always first. */
  order: number;
  superuserOnly: boolean;
}

/**
 * A menu entry's position, 0–100 (50 for a route that does not say). The console's own are
 * Integrations 10, Alerts 20, User Settings 30, On call 40 and Admin 100 (last, docs/product.md §2); equal
 * orders keep the map's order.
 */
const MAX_ORDER = 100;
const DEFAULT_ORDER = 50;

/** Icons a declared route may name: the shell bundles these few (an icon is code, not data). */
export const ROUTE_ICONS = ['apps', 'calendar', 'people', 'clock', 'alert', 'plug', 'settings', 'shield', 'book'] as const;
export type RouteIcon = (typeof ROUTE_ICONS)[number];

/**
 * First path segments that are not a remote's to take: the shell's own pages, and what the
 * server answers itself (public action pages, assets, the API).
 */
export const RESERVED_PATHS: readonly string[] = [
  'login',
  'signup',
  'recover-password',
  'reset-password',
  'invite',
  'actions',
  'acknowledge',
  'escalate',
  'close',
  'contacts',
  'remotes',
  'remotes.json',
  'static',
  'api',
  'docs',
  'redoc',
  'v2',
  'heartbeat',
  'ping',
];

export interface ParsedRemotesMap {
  /** Container name → manifest URL, for the federation runtime. */
  entries: Record<string, string>;
  /** The routes declared, in menu order (`order`, then the map's), collisions left out. */
  routes: DeclaredRoute[];
  /** Why an entry or its route was left out, one sentence each. */
  problems: string[];
}

const CONTAINER_NAME = /^[A-Za-z_$][\w$]*$/;
const PATH_SEGMENT = /^[a-z0-9][a-z0-9-]{0,62}$/;
const MODULE_NAME = /^[A-Za-z_$][\w$]*$/;
const MAX_LABEL = 40;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A manifest URL: an absolute path on this origin or an http(s) URL. */
function isEntryUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  return /^https?:\/\/[^\s]+$/.test(value);
}

function parseRoute(name: string, raw: unknown): DeclaredRoute | string {
  if (!isRecord(raw)) return `${name}: "route" must be an object`;
  const { path, module, label, icon, order, superuserOnly } = raw;
  if (typeof path !== 'string' || !PATH_SEGMENT.test(path))
    return `${name}: route.path must be one lowercase path segment (letters, digits, -), not ${JSON.stringify(path)}`;
  if (typeof module !== 'string' || !MODULE_NAME.test(module))
    return `${name}: route.module must name an exposed module, e.g. "OnCallPage"`;
  if (typeof label !== 'string' || !label.trim() || label.length > MAX_LABEL)
    return `${name}: route.label must be 1–${MAX_LABEL} characters`;
  if (icon !== undefined && typeof icon !== 'string') return `${name}: route.icon must be a string`;
  if (order !== undefined && !(Number.isInteger(order) && (order as number) >= 0 && (order as number) <= MAX_ORDER))
    return `${name}: route.order must be a whole number from 0 to ${MAX_ORDER}`;
  if (superuserOnly !== undefined && typeof superuserOnly !== 'boolean') return `${name}: route.superuserOnly must be true or false`;
  return {
    remote: name,
    path,
    module,
    label: label.trim(),
    icon: (ROUTE_ICONS as readonly string[]).includes(icon as string) ? (icon as RouteIcon) : 'apps',
    order: (order as number | undefined) ?? DEFAULT_ORDER,
    superuserOnly: superuserOnly === true,
  };
}

/** Reads the map defensively: what is usable is kept, each problem is named. */
export function parseRemotesMap(raw: unknown, reserved: readonly string[] = RESERVED_PATHS): ParsedRemotesMap {
  const parsed: ParsedRemotesMap = { entries: {}, routes: [], problems: [] };
  if (!isRecord(raw)) {
    parsed.problems.push('the remotes map must be a JSON object');
    return parsed;
  }
  const taken = new Set(reserved);
  for (const [name, value] of Object.entries(raw)) {
    if (!CONTAINER_NAME.test(name)) {
      parsed.problems.push(`${JSON.stringify(name)} is not a container name (a JS identifier such as remote_oncall)`);
      continue;
    }
    const entry = isRecord(value) ? value.entry : value;
    if (!isEntryUrl(entry)) {
      parsed.problems.push(`${name}: its entry must be a manifest URL (a string, or {"entry": "…"})`);
      continue;
    }
    parsed.entries[name] = entry;
    if (!isRecord(value) || value.route === undefined) continue;
    const route = parseRoute(name, value.route);
    if (typeof route === 'string') {
      parsed.problems.push(route);
    } else if (taken.has(route.path)) {
      parsed.problems.push(`${name}: route.path "${route.path}" is taken by the console or another remote`);
    } else {
      taken.add(route.path);
      parsed.routes.push(route);
    }
  }
  // Stable: equal orders keep the map's.
  parsed.routes.sort((a, b) => a.order - b.order);
  return parsed;
}
