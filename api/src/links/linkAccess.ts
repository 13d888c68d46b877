import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { optionalUser } from '../auth/optionalUser.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../errors.js';
import type { SettingsStore } from '../settings/service.js';
import { roleAllows, roleOf } from '../teams/access.js';
import { verifyLinkToken } from './linkTokens.js';

/** The header the action page sends a link's token in (the page reads it from its URL's `?t=`). */
export const LINK_TOKEN_HEADER = 'x-vigil-link-token';

export const LINK_INVALID = 'This link is not valid';
export const LINK_EXPIRED = 'This link has expired';
export const LINK_ALERT_CLOSED = 'This link has expired: the alert is closed';
export const SIGNED_LINK_REQUIRED = 'This alert can only be opened from the link in its notification email';

/** The public alert routes' header, for the OpenAPI document (and so the console's generated types). */
export const LinkTokenHeaders = Type.Object({
  [LINK_TOKEN_HEADER]: Type.Optional(
    Type.String({
      maxLength: 1024,
      description:
        'The token of a signed notification link (`?t=` of /actions/{id}). Required for anonymous callers when an administrator requires signed links.',
    }),
  ),
});

/** The link token a JSON call sends (its header); the HTML pages read theirs from the URL's `?t=`. */
export const headerLinkToken = (request: FastifyRequest): string | undefined => {
  const token = request.headers[LINK_TOKEN_HEADER];
  return typeof token === 'string' ? token : undefined;
};

/** What checkLinkAccess reads: the signing key, the clock, the signed-links setting, the alert's owner. */
export interface LinkAccessDeps {
  config: Config;
  now: () => Date;
  settings: SettingsStore;
  db: Db;
}

/** Who a signed link was mailed to, when a valid one came with the call. */
export interface LinkUse {
  recipient: string;
}

/**
 * Decides whether a public alert call (read or action) may go on, before anything is read or
 * changed: a valid token for this alert → its recipient; a bad or expired token → 403, whoever
 * calls; no token → allowed (null) unless an administrator requires signed links, when only a
 * signed-in owner of the alert or a superuser (the console) may still call without one.
 * "Closed" is checked where the alert is locked (applyAlertAction), not here.
 */
export async function checkLinkAccess(
  deps: LinkAccessDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  alertId: string,
  token: string | undefined = headerLinkToken(request),
): Promise<LinkUse | null> {
  const { config, now, settings, db } = deps;
  if (token !== undefined) {
    const check = verifyLinkToken(config.secretKey, alertId, token, now());
    if (!check.ok) throw new HttpError(403, check.reason === 'expired' ? LINK_EXPIRED : LINK_INVALID);
    return { recipient: check.recipient };
  }
  if (!(await settings.read()).requireSignedLinks) return null;
  const user = await optionalUser(request, reply);
  if (user?.is_superuser) return null;
  if (user) {
    // A responder (or admin) of the alert's team acts without a link, as on the console.
    const alert = await db.selectFrom('alerts').select('team_id').where('id', '=', alertId).executeTakeFirst();
    if (alert && roleAllows(await roleOf(db, user, alert.team_id), 'respond')) return null;
  }
  // The same answer for an unknown alert: without a link, nothing tells which ids exist.
  throw new HttpError(403, SIGNED_LINK_REQUIRED);
}
