/** A provider that answers nothing within this time failed the attempt (the job's retry tries again). */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** Of a failing answer's body, only this much is kept in the attempt's error. */
const ERROR_BODY_CHARS = 160;

export interface ProviderRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Sends one request to a provider a superuser configured (Twilio, an SMS gateway): no network
 * guard, since the superuser chose the host, but a timeout; and every failure's message has the
 * `secrets` taken out (a provider may echo a header or a credential in its error body), so it
 * can be logged and stored. Resolves to the answer's body on a 2xx.
 */
export async function callProvider(name: string, request: ProviderRequest, secrets: readonly string[], timeoutMs = PROVIDER_TIMEOUT_MS) {
  const scrub = (text: string) => secrets.filter((s) => s.length >= 4).reduce((out, secret) => out.replaceAll(secret, '[secret]'), text);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (cause ?? (error as Error).message);
    throw new Error(scrub(`could not reach ${name}: ${why}`));
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 200 && response.status < 300) return text;
  throw new Error(scrub(`${name} answered HTTP ${response.status}: ${summaryOf(text)}`.trim()));
}

/** A provider's error body in one short line: a JSON error's message (and code), else the text. */
function summaryOf(body: string): string {
  try {
    const json = JSON.parse(body) as { message?: unknown; code?: unknown };
    if (typeof json.message === 'string')
      return `${json.message}${json.code !== undefined ? ` (code ${String(json.code)})` : ''}`.slice(0, ERROR_BODY_CHARS);
  } catch {
    // not JSON: the text itself
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_CHARS);
}
