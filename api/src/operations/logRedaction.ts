import { CALENDARS_PATH, INGEST_PATH } from '../apiPrefix.js';

/**
 * Query parameters that carry a credential in a URL a browser opens: a signed action link's
 * token (`/actions/{id}?t=…`), a password-reset token (`/reset-password?token=…`) and an OpenID
 * provider's authorization code (`/api/v1/auth/oidc/callback?code=…`); and one a provider calls,
 * an SMS gateway's shared secret (`/api/v1/telephony/gateway/inbound?secret=…`).
 */
const SECRET_QUERY_NAME = /^(?:t|token|code|secret)(?:\[.*\])?$/;
/** The path segments a secret follows: an ingest key (`/api/v1/ingest/<key>/…`), a calendar feed's (`/api/v1/calendars/<secret>.ics`). */
const SECRET_SEGMENTS = [INGEST_PATH.slice(1), CALENDARS_PATH.slice(1)];
const REDACTED = '[redacted]';
/** Enough for any real URL; an attacker's ninefold-encoded one is still matched by the last round's text. */
const MAX_DECODE_ROUNDS = 8;

/**
 * A URL part as the most lenient reader would take it: percent-decoded until nothing changes
 * (a double-encoded `%2574oken` is `token` to a server that decodes twice) and lower-cased
 * (`/API/V1/INGEST/<key>` still holds a key, whether or not a route answers it). Byte by
 * byte, so a malformed or non-UTF-8 escape never throws.
 */
function leniently(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current.toLowerCase();
}

/** Whether a query string (without its `?`) names a secret parameter, however it is spelled. */
const holdsSecretParameter = (query: string): boolean =>
  query.split(/[&;]/).some((pair) => SECRET_QUERY_NAME.test(leniently(pair.split('=')[0]!.replaceAll('+', ' ')).trim()));

/** A query string with the value of each secret parameter replaced; separators and order kept. */
function redactQuery(query: string): string {
  return query
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';') return part;
      const eq = part.indexOf('=');
      // No `=` of its own: an encoded one (`token%3D…`) still hands the value to a lenient reader.
      if (eq < 0) return holdsSecretParameter(leniently(part)) && leniently(part).includes('=') ? REDACTED : part;
      return holdsSecretParameter(part.slice(0, eq)) ? `${part.slice(0, eq)}=${REDACTED}` : part;
    })
    .join('');
}

/** Grafana OnCall's integration URLs carry the token after the kind: `/integrations/v1/<kind>/<token>/`. */
const ONCALL_SEGMENTS = ['integrations', 'v1'];

/**
 * The raw segments holding an OnCall token: those where, decoded, a part comes two after
 * `integrations/v1` (an encoded `/` may join several parts in one raw segment: it is replaced whole).
 */
function oncallTokenSegments(segments: string[]): Set<number> {
  const parts = segments.flatMap((segment, raw) =>
    (leniently(segment).split('?')[0] ?? '').split(/[/\\]/).map((part) => ({ raw, text: part.split(';')[0] })),
  );
  const found = new Set<number>();
  parts.forEach((part, j) => {
    if (j >= 3 && parts[j - 3]?.text === ONCALL_SEGMENTS[0] && parts[j - 2]?.text === ONCALL_SEGMENTS[1]) found.add(part.raw);
  });
  return found;
}

/**
 * A path with the segment after `ingest` or `calendars` (the secret) and an OnCall URL's token replaced. A
 * segment whose decoding hides more (an encoded `/` before a key, an encoded `?` before a
 * token) is replaced whole.
 */
function redactPath(path: string): string {
  const segments = path.split('/');
  const oncall = oncallTokenSegments(segments);
  return segments
    .map((segment, i) => {
      const previous = i > 0 ? leniently(segments[i - 1]!).split(';')[0] : undefined;
      if ((previous !== undefined && SECRET_SEGMENTS.includes(previous)) || (oncall.has(i) && segment !== '')) return REDACTED;
      const plain = leniently(segment);
      const [inPath = '', ...query] = plain.split('?');
      const parts = inPath.split(/[/\\]/).map((part) => part.split(';')[0]);
      const hidesKey = parts.slice(0, -1).some((part) => SECRET_SEGMENTS.includes(part!));
      const hidesToken = query.length > 0 && holdsSecretParameter(query.join('?'));
      return hidesKey || hidesToken ? REDACTED : segment;
    })
    .join('/');
}

/**
 * A request URL as it may be logged: the ingest key, feed secret or OnCall token of the path and every secret query value
 * replaced, matched case-insensitively and after percent-decoding.
 */
export function redactUrlSecrets(url: string): string {
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? '' : url.slice(hash);
  const rest = hash < 0 ? url : url.slice(0, hash);
  const mark = rest.indexOf('?');
  if (mark < 0) return redactPath(rest) + fragment;
  return `${redactPath(rest.slice(0, mark))}?${redactQuery(rest.slice(mark + 1))}${fragment}`;
}
