// Reading a vendor's API: JSON GETs with its authorization header, retried when the vendor
// asks to slow down (429, with Retry-After) or answers 5xx, refused with the vendor's own
// message otherwise. The key never appears in an error or a log line.

export class SourceError extends Error {}

export interface VendorClient {
  /** The JSON answer of `pathOrUrl` (a path under the base URL, or a `next` link the vendor gave). */
  get(pathOrUrl: string): Promise<unknown>;
}

const ATTEMPTS = 5;
const TIMEOUT_MS = 30_000;
const MAX_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the vendor said went wrong, in one short line (their `message` or `detail`). */
async function vendorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; detail?: unknown };
    const said = body.message ?? body.detail;
    if (typeof said === 'string') return said.slice(0, 200);
  } catch {
    // Not JSON: the status says enough.
  }
  return res.statusText || 'no message';
}

export function vendorClient(baseUrl: string, authorization: string, options: { retryDelayMs?: number } = {}): VendorClient {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const retryDelay = options.retryDelayMs ?? 1000;
  return {
    async get(pathOrUrl) {
      const url = /^https?:\/\//.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(pathOrUrl.replace(/^\//, ''), base);
      // A `next` link elsewhere would carry the key to another host.
      if (url.origin !== base.origin) throw new SourceError(`The API answered a link to another host (${url.origin}): refused`);
      const shown = `${url.pathname}${url.search}`;
      for (let attempt = 1; ; attempt++) {
        let res: Response;
        try {
          res = await fetch(url, {
            headers: { authorization, accept: 'application/json' },
            signal: AbortSignal.timeout(TIMEOUT_MS),
            redirect: 'error',
          });
        } catch (error) {
          if (attempt < ATTEMPTS) {
            await sleep(retryDelay * attempt);
            continue;
          }
          throw new SourceError(`GET ${shown}: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (res.ok) {
          try {
            return await res.json();
          } catch {
            throw new SourceError(`GET ${shown}: the answer is not JSON`);
          }
        }
        if ((res.status === 429 || res.status >= 500) && attempt < ATTEMPTS) {
          const after = Number(res.headers.get('retry-after'));
          await res.body?.cancel();
          await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, MAX_WAIT_MS) : retryDelay * attempt);
          continue;
        }
        throw new SourceError(`GET ${shown}: ${res.status} ${await vendorMessage(res)}`);
      }
    },
  };
}
