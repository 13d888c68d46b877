import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type AlertActionDeps, applyAlertAction } from '../alerts/alertActions.js';
import { alertDetail } from '../alerts/alertDetail.js';
import { perAlertLimit } from '../alerts/perAlertLimit.js';
import { getAlert } from '../alerts/service.js';
import { optionalUser } from '../auth/optionalUser.js';
import { registerCompression } from '../common/compression.js';
import { IdParams } from '../common/schema.js';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/connectionErrors.js';
import type { AlertAction } from '../db/schema.js';
import { DATABASE_UNAVAILABLE, HttpError } from '../errors.js';
import { checkLinkAccess, type LinkAccessDeps } from '../links/linkAccess.js';
import { refuseCrossSitePosts } from './formOrigin.js';
import { type PublicPageData, renderPublicPageHtml } from './publicPageRender.js';

const ALERT_ACTIONS: AlertAction[] = ['acknowledge', 'escalate', 'close'];
/** The query parameter of a notification link that holds its signed token (shared/src/query/alertActions.ts). */
const LINK_TOKEN_PARAM = 't';
const LinkQuery = Type.Object({ [LINK_TOKEN_PARAM]: Type.Optional(Type.String({ maxLength: 1024 })) });
const ALERT_NOT_FOUND = 'Alert not found';
/** An escalation contact's confirmation page: the same page, rendered in the browser (it reads its link itself). */
const FILE_SERVED_PUBLIC_ROUTES = ['/contacts/confirm', '/contacts/confirm/'];
/**
 * The answer when no page is published (a remote-actions version from before its page, or none)
 * and no shell is at hand (API only): the gateway sends such a request on to the shell's page
 * (deploy/gateway: error_page 421). 421: this server cannot answer for this URL, another can.
 */
export const NO_PUBLIC_PAGE_STATUS = 421;

export interface PublicPageOptions {
  /** The live remote-actions version's `page/` folder (its `../server/` beside it), read per request. */
  pageDir: () => Promise<string | undefined>;
  /** The shell's build, whose page answers when no public page is built (single-process mode). */
  shellDir?: string;
}

interface Failure {
  status: number;
  detail: string;
  headers: Record<string, string>;
}

const tokenOf = (request: FastifyRequest): string | undefined => {
  const token = (request.query as Record<string, unknown> | undefined)?.[LINK_TOKEN_PARAM];
  return typeof token === 'string' ? token : undefined;
};

/** The link's token, carried on to the next page's URL (the form's result, Back). */
const withToken = (pagePath: string, token: string | undefined) =>
  token === undefined ? pagePath : `${pagePath}?${LINK_TOKEN_PARAM}=${encodeURIComponent(token)}`;

/** What the JSON routes would answer for this error (errors.ts), as a page's status and text. */
function failureOf(error: FastifyError, request: FastifyRequest): Failure {
  if (error instanceof HttpError) return { status: error.statusCode, detail: error.detail, headers: error.headers };
  // An id that is not a UUID names no alert; a token too long for a link is not a link's.
  if (error.validation) {
    return error.validationContext === 'params'
      ? { status: 404, detail: ALERT_NOT_FOUND, headers: {} }
      : { status: 403, detail: 'This link is not valid', headers: {} };
  }
  if (error.statusCode === 429) return { status: 429, detail: 'Too many requests, please try again later', headers: {} };
  if (isConnectionError(error))
    return { status: 503, detail: DATABASE_UNAVAILABLE, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return { status: error.statusCode, detail: error.message, headers: {} };
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, detail: 'Something went wrong.', headers: {} };
}

/**
 * The public alert pages rendered on the server (docs/decisions/0031): GET /actions/:id holds the alert
 * (or its refusal) and three buttons that, without JavaScript, post a form to
 * POST /actions/:id/<action>?t=…, which acts through the same function, link checks and rate
 * limits as POST /api/v1/alert/<action>/:id, then sends the browser on to the result page (303)
 * or renders the refusal with the error toast's texts. A GET never acts. Every refusal is a page
 * with its status (404, 403, 409, 429…), never JSON. Without a server renderer in the build the
 * pages are served as files, rendered in the browser as before.
 */
/** The public action page reads an alert and acts on it as the JSON routes do (alerts/routes.ts). */
export type PublicPageDeps = AlertActionDeps & LinkAccessDeps;

export async function publicPageRoutes(app: FastifyInstance, opts: PublicPageDeps & PublicPageOptions): Promise<void> {
  const deps: PublicPageDeps = opts;
  // The rendered pages are made per request (~50 KB of HTML and styles): compressed as the API's JSON is.
  await registerCompression(app);
  // The buttons' plain form posts (no JavaScript): the only other routes that take a form, beside the login.
  await app.register(formbody);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const publicRateLimit = { rateLimit: { max: deps.config.rateLimit.publicAlert, timeWindow: '1 minute' } };
  const limitPerAlert = perAlertLimit(app, deps, tokenOf);
  const refuseCrossSite = refuseCrossSitePosts(deps.config.frontendHost);

  /** No page built: the shell's page (its router says not found), or, API only, the gateway's turn. */
  function sendNoPage(request: FastifyRequest, reply: FastifyReply) {
    request.log.warn(
      `No built remote-actions page: ${opts.shellDir ? 'serving the shell' : 'left to the gateway'} for ${request.routeOptions.url}`,
    );
    if (opts.shellDir) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', opts.shellDir);
    return reply
      .code(NO_PUBLIC_PAGE_STATUS)
      .header('Cache-Control', 'no-store')
      .type('text/plain')
      .send('No public page is published here.');
  }

  /** Renders `pagePath` from `data`, or (no renderer) serves the page's file as before. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, pagePath: string, data: PublicPageData, failure?: Failure) {
    // The status tells what happened even when the page comes as a file (no renderer), or the
    // shell's (no page); a gateway's fallback (API only) is told by its own status instead.
    if (failure) reply.code(failure.status).headers(failure.headers);
    const pageDir = await opts.pageDir();
    if (!pageDir) return sendNoPage(request, reply);
    const search = new URL(request.url, 'http://page').search.slice(1);
    const html = await renderPublicPageHtml(pageDir, { path: pagePath, search, data }, request.log);
    if (html === null) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', pageDir);
    // It holds the alert as it is now, and may carry a signed link: never kept.
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  }

  const alertPage = (id: string) => `/actions/${id}`;
  const renderReadFailure = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const failure = failureOf(error, request);
    const id = (request.params as { id?: string }).id ?? '';
    return sendPage(request, reply, alertPage(id), { alertId: id, failure: { status: failure.status, detail: failure.detail } }, failure);
  };

  for (const url of ['/actions/:id', '/actions/:id/']) {
    api.get(
      url,
      {
        config: publicRateLimit,
        preHandler: limitPerAlert,
        errorHandler: renderReadFailure,
        schema: { hide: true, params: IdParams, querystring: LinkQuery },
      },
      async (request, reply) => {
        const { id } = request.params;
        await checkLinkAccess(deps, request, reply, id, tokenOf(request));
        const alert = await alertDetail(deps, await getAlert(deps.db, id));
        return sendPage(request, reply, alertPage(id), { alertId: id, alert });
      },
    );
  }

  // A link recipient gets the standalone page: no shell, no federation runtime, no other remote.
  for (const url of FILE_SERVED_PUBLIC_ROUTES) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const pageDir = await opts.pageDir();
      if (!pageDir) return sendNoPage(request, reply);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', pageDir);
    });
  }

  // The confirmation pages: nothing to read, the same render.
  for (const action of ALERT_ACTIONS) {
    for (const url of [`/${action}/:id`, `/${action}/:id/`]) {
      app.get(url, { schema: { hide: true } }, async (request, reply) => {
        const { id } = request.params as { id: string };
        return sendPage(request, reply, `/${action}/${encodeURIComponent(id)}`, {});
      });
    }
  }

  for (const action of ALERT_ACTIONS) {
    const url = `/actions/:id/${action}`;
    const renderActionFailure = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const failure = failureOf(error, request);
      const id = (request.params as { id?: string }).id ?? '';
      const data = { alertId: id, actionFailure: { action, status: failure.status, detail: failure.detail } };
      return sendPage(request, reply, `${alertPage(encodeURIComponent(id))}/${action}`, data, failure);
    };
    api.post(
      url,
      {
        config: { ...publicRateLimit, tokenScope: 'alerts:write' },
        // Before the rate limits: a post from another site spends neither the address's nor the alert's.
        onRequest: refuseCrossSite,
        preHandler: limitPerAlert,
        errorHandler: renderActionFailure,
        schema: { hide: true, params: IdParams, querystring: LinkQuery },
      },
      async (request, reply) => {
        const { id } = request.params;
        const token = tokenOf(request);
        // As the JSON route does (alerts/routes.ts): the link decides, then who acted.
        const link = await checkLinkAccess(deps, request, reply, id, token);
        const actor = await optionalUser(request, reply);
        await applyAlertAction(deps, id, action, {
          actorId: actor?.id ?? null,
          via: actor && !link ? 'console' : 'link',
          clientIp: request.ip,
          recipient: link?.recipient ?? null,
        });
        // Post/redirect/get: a reload of the result page never posts again.
        return reply.header('Cache-Control', 'no-store').redirect(withToken(`/${action}/${id}`, token), 303);
      },
    );
    // Never act on a GET (mail scanners open links): back to the alert's page.
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const { id } = request.params as { id: string };
      return reply.redirect(withToken(alertPage(encodeURIComponent(id)), tokenOf(request)), 303);
    });
  }
}
