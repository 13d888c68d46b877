import { readFile, stat, writeFile } from 'node:fs/promises';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { SourceError, vendorClient } from './http.js';
import { type ImportDocument, VENDOR_NAMES, type Vendor } from './model.js';
import { fetchOncall, oncallApiBase } from './oncall/fetch.js';
import { oncallDocument } from './oncall/map.js';
import { OncallExport } from './oncall/shapes.js';
import { fetchOpsgenie } from './opsgenie/fetch.js';
import { opsgenieDocument } from './opsgenie/map.js';
import { OpsgenieExport } from './opsgenie/shapes.js';

// Where an import reads from: the vendor's API (its answers put together, as an export file
// would hold them) or such a file. Either is checked against the shapes the mappers read
// before anything else happens: a file of another shape is refused whole, naming where.

export interface SourceOptions {
  vendor: Vendor;
  /** An http(s) URL of the vendor's API, or a path to an export file. */
  from: string;
  /** Opsgenie's GenieKey, or an OnCall API token (from the URL only). */
  apiKey?: string;
  /** Where to write what the API answered (an export file), before anything is imported. */
  save?: string;
  now: Date;
  progress?: (what: string) => void;
  retryDelayMs?: number;
}

/** An export file is read whole: this is more than any account's configuration. */
const FILE_MAX_BYTES = 200 * 1024 * 1024;

const SHAPES: Record<Vendor, TSchema> = { opsgenie: OpsgenieExport, oncall: OncallExport };

export const isUrl = (from: string) => /^https?:\/\//i.test(from);

/** The first few places where `data` is not the vendor's shape, as one line. */
function shapeProblems(vendor: Vendor, data: unknown): string | null {
  if (Value.Check(SHAPES[vendor], data)) return null;
  const said = data && typeof data === 'object' ? (data as { vendor?: unknown }).vendor : undefined;
  if (said !== vendor) {
    return typeof said === 'string' && said in VENDOR_NAMES
      ? `it is an export of ${VENDOR_NAMES[said as Vendor]}`
      : `it has no "vendor": "${vendor}" (an export file is what --save writes)`;
  }
  const seen = new Set<string>();
  for (const error of Value.Errors(SHAPES[vendor], data)) {
    seen.add(`${error.instancePath || '/'} ${error.message}`);
    if (seen.size === 3) break;
  }
  return [...seen].join('; ');
}

async function readExport(file: string): Promise<unknown> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new SourceError(`${file}: no such file`);
  }
  if (size > FILE_MAX_BYTES) throw new SourceError(`${file}: larger than ${FILE_MAX_BYTES / 1024 / 1024} MB`);
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new SourceError(`${file}: not JSON`);
  }
}

async function fetchExport(options: SourceOptions): Promise<unknown> {
  if (!options.apiKey) {
    throw new SourceError(
      options.vendor === 'opsgenie'
        ? "Opsgenie's API needs a key: --api-key or OPSGENIE_API_KEY (a GenieKey of an API integration with configuration access)"
        : "OnCall's API needs a token: --api-key or ONCALL_API_TOKEN (an API token of an OnCall admin)",
    );
  }
  const retry = { retryDelayMs: options.retryDelayMs };
  if (options.vendor === 'opsgenie') {
    return fetchOpsgenie(vendorClient(options.from, `GenieKey ${options.apiKey}`, retry), options.progress);
  }
  return fetchOncall(vendorClient(oncallApiBase(options.from), options.apiKey, retry), options.progress);
}

/** The vendor's configuration, checked and mapped; a SourceError says why not (nothing was written). */
export async function readSource(options: SourceOptions): Promise<ImportDocument> {
  const data = isUrl(options.from) ? await fetchExport(options) : await readExport(options.from);
  const problems = shapeProblems(options.vendor, data);
  if (problems) {
    const what = isUrl(options.from)
      ? `${options.from} did not answer as ${VENDOR_NAMES[options.vendor]}'s API`
      : `${options.from} is not an export of ${VENDOR_NAMES[options.vendor]}`;
    throw new SourceError(`${what}: ${problems}`);
  }
  if (options.save) {
    // Keys and tokens are inside: readable by this user only, and never written over.
    await writeFile(options.save, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600, flag: 'wx' }).catch(
      (error: NodeJS.ErrnoException) => {
        throw new SourceError(
          error.code === 'EEXIST' ? `${options.save} exists already: choose a new file` : `${options.save}: ${error.message}`,
        );
      },
    );
  }
  return options.vendor === 'opsgenie'
    ? opsgenieDocument(data as OpsgenieExport, options.now)
    : oncallDocument(data as OncallExport, options.now);
}
