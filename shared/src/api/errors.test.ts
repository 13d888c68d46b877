import { describe, expect, it } from 'vitest';
import { ApiError, abortedRequestError, errorText, FALLBACK_ERROR, REQUEST_ABORTED, statusLabel, unwrap } from './errors';

const answer = (status: number, statusText: string, error: unknown) => ({
  error,
  response: new Response(JSON.stringify(error), { status, statusText }),
});

describe('statusLabel', () => {
  it("labels a 422 'Validation Error' (docs/product.md §8.2) and nothing else", () => {
    expect(statusLabel(422)).toBe('Validation Error');
    for (const status of [400, 401, 403, 404, 409, 500]) expect(statusLabel(status)).toBe('');
  });
});

describe('unwrap', () => {
  it("throws a 422 as an ApiError labelled 'Validation Error' whose text is the first msg", () => {
    const body = { detail: [{ loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error' }] };
    let thrown: unknown;
    try {
      unwrap(answer(422, 'Unprocessable Entity', body));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const error = thrown as ApiError;
    expect(error.status).toBe(422);
    expect(error.statusText).toBe('Validation Error');
    expect(error.body).toEqual(body);
    expect(error.message).toBe('value is not a valid email address');
    expect(errorText(error)).toBe('value is not a valid email address');
  });

  it("keeps the server's status text for other errors", () => {
    expect(() => unwrap(answer(404, 'Not Found', { detail: 'Alert not found' }))).toThrow(
      expect.objectContaining({ status: 404, statusText: 'Not Found', message: 'Alert not found' }),
    );
  });

  it('returns the data of a success', () => {
    expect(unwrap({ data: { id: 'a' }, response: new Response('{}', { status: 200 }) })).toEqual({ id: 'a' });
  });
});

describe('errorText', () => {
  it("is the server's detail, a list's first msg, or the fallback (docs/product.md §8.2)", () => {
    expect(errorText({ detail: 'Incorrect password' })).toBe('Incorrect password');
    expect(errorText({ detail: [{ msg: 'first' }, { msg: 'second' }] })).toBe('first');
    expect(errorText({ detail: [] })).toBe(FALLBACK_ERROR);
    expect(errorText({ detail: '' })).toBe(FALLBACK_ERROR);
    expect(errorText(new TypeError('Failed to fetch'))).toBe(FALLBACK_ERROR);
    expect(errorText(undefined)).toBe(FALLBACK_ERROR);
  });

  it("says 'Request aborted' for a cancelled request, as an ApiError or as fetch's raw AbortError", () => {
    const request = new Request('http://api.test/api/v1/alert/');
    const aborted = abortedRequestError(request);
    expect(aborted).toBeInstanceOf(ApiError);
    expect(aborted).toMatchObject({ url: 'http://api.test/api/v1/alert/', status: 0, statusText: REQUEST_ABORTED, request });
    expect(aborted.aborted).toBe(true);
    expect(aborted.message).toBe('Request aborted');
    expect(errorText(aborted)).toBe('Request aborted');
    expect(errorText(new DOMException('This operation was aborted', 'AbortError'))).toBe('Request aborted');
    // A failed answer is never taken for a cancelled one.
    expect(new ApiError('/x', 500, 'Internal Server Error', undefined, undefined).aborted).toBe(false);
  });
});
