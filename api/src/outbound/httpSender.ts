import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { BlockedAddress, guardedLookup, hostOf, isGlobalAddress, type Resolve } from './networkGuard.js';

/** One outbound POST of a webhook, Slack-compatible or ntfy delivery. */
export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver that answers nothing within this time failed the attempt (the job's retry tries again). */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Of a failing answer's body, only this much is kept, in the attempt's error. */
const ERROR_BODY_CHARS = 120;

export interface OutboundOptions {
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  /** How names are resolved (node:dns unless a test answers instead). */
  resolve?: Resolve;
}

/**
 * Posts the request and resolves on a 2xx answer; anything else rejects with a short message
 * that names the host only (a Slack URL's path is its secret). Redirects are never followed
 * (a 3xx is a failure): a receiver cannot send the API on to another host. Unless private
 * networks are allowed, a host that is or resolves to a non-global address is refused before
 * connecting (networkGuard.ts).
 */
export function postOutbound(request: OutboundRequest, options: OutboundOptions): Promise<void> {
  const url = new URL(request.url);
  const host = hostOf(url);
  if (!options.allowPrivateNetworks && isIP(host) !== 0 && !isGlobalAddress(host)) {
    return Promise.reject(new BlockedAddress(host));
  }
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  return new Promise<void>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body).toString() },
        timeout: timeoutMs,
        ...(!options.allowPrivateNetworks && { lookup: guardedLookup(options.resolve) as never }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          res.resume();
          resolve();
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < ERROR_BODY_CHARS) text += chunk;
          else res.destroy();
        });
        const fail = () => {
          const snippet = text.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_CHARS);
          const what = status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
          reject(new Error(`${what} from ${url.host}${snippet ? `: ${snippet}` : ''}`));
        };
        res.on('end', fail);
        res.on('close', fail);
        res.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.host} within ${timeoutMs / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof BlockedAddress) return reject(error);
      const reason = error.code ?? error.message;
      reject(new Error(error.message.startsWith('no answer') ? error.message : `could not reach ${url.host}: ${reason}`));
    });
    req.end(request.body);
  });
}
