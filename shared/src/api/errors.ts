export const REQUEST_ABORTED = 'Request aborted';
export const FALLBACK_ERROR = 'Something went wrong.';

/** Spec §8: the error carries url, status, statusText, body and the request. */
export class ApiError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
    readonly request: Request | undefined,
    message = statusText,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A request cancelled before its answer (`abortedRequestError`): no status, no body. */
  get aborted(): boolean {
    return this.status === 0 && this.statusText === REQUEST_ABORTED;
  }
}

/** What `fetch` throws when its signal aborts the request (a DOMException named AbortError). */
export const isAbortError = (error: unknown): boolean =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

/**
 * Spec §8: 'A cancelled request reports "Request aborted"'. The client turns fetch's raw
 * AbortError into this ApiError, so a cancelled call fails like any other: the same class for
 * `instanceof`, the request it was, and 'Request aborted' as its message and toast text.
 */
export const abortedRequestError = (request: Request): ApiError =>
  new ApiError(request.url, 0, REQUEST_ABORTED, undefined, request, REQUEST_ABORTED);

/**
 * The text of the error toast (docs/product.md §8.2): the server's `detail`; if it is a list, the `msg` of
 * its first item; otherwise 'Something went wrong.'. A cancelled request says 'Request aborted'.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.aborted) return REQUEST_ABORTED;
  if (isAbortError(error)) return REQUEST_ABORTED;
  const body = error instanceof ApiError ? error.body : error;
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail) return detail;
    if (Array.isArray(detail)) {
      const first = detail[0] as { msg?: unknown } | undefined;
      if (first && typeof first.msg === 'string') return first.msg;
    }
  }
  return FALLBACK_ERROR;
}

/** Label of an API error status (docs/product.md §8.2: a 422 is labelled 'Validation Error'). */
export const statusLabel = (status: number): string => (status === 422 ? 'Validation Error' : '');

/** openapi-fetch answers `{data, error, response}`: this turns an error answer into a thrown ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }, request?: Request): T {
  if (result.error !== undefined || !result.response.ok) {
    const { response } = result;
    throw new ApiError(
      response.url,
      response.status,
      statusLabel(response.status) || response.statusText,
      result.error,
      request,
      errorText(result.error),
    );
  }
  return result.data as T;
}
