import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

/** The 403 page's text when a form post comes from another site. */
export const CROSS_SITE_FORM =
  'This action was sent from another website, so nothing was done. Open the link in your notification and press the button on its page.';

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Whether a form post came from another site, as the browser tells it: refused when
 * `Sec-Fetch-Site` is `cross-site`, or when `Origin` is neither the console's (FRONTEND_HOST)
 * nor on the request's own host name. `Origin: null` tells nothing: the console's pages send
 * `Referrer-Policy: no-referrer`, under which Chromium posts even the page's own forms with
 * `Origin: null` (and `Sec-Fetch-Site: same-origin`), so `Sec-Fetch-Site` decides then. A post
 * with neither header (curl, a script) is let through: such a client can post from anywhere
 * anyway, and the link's own checks still apply.
 */
export function isCrossSitePost(request: FastifyRequest, frontendHost: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  const parsed = originOf(origin);
  if (parsed === undefined) return true;
  if (parsed === originOf(frontendHost)) return false;
  // The request's own host by name: the Compose gateway passes it without its port (nginx's
  // $host), and a page on another port of the same host is the same site anyway.
  return new URL(parsed).hostname !== request.hostname;
}

/** An onRequest hook for the public pages' form posts: a cross-site one is a 403 before it spends any limit. */
export const refuseCrossSitePosts = (frontendHost: string) => async (request: FastifyRequest) => {
  if (isCrossSitePost(request, frontendHost)) throw new HttpError(403, CROSS_SITE_FORM);
};
