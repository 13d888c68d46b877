import type { AlertAction, AlertEventVia, AlertRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import { roleAllows, roleOf } from '../teams/access.js';
import { type AlertActionDeps, actOnAlert } from './alertActions.js';

/** The channels a person answers through: a reply by SMS, a key on a call, a chat button. */
export type ChannelVia = Exclude<AlertEventVia, 'console' | 'link' | 'integration' | 'policy'>;

export const CHANNEL_USER_INACTIVE = 'Your Vigil account is inactive';
export const CHANNEL_ALERT_UNKNOWN = 'No such alert';
export const CHANNEL_NOT_RESPONDER = "You are not a responder in this alert's team";

/** A refusal worded for the person who pressed or replied, sent back through the channel. */
export class ChannelRefusal extends HttpError {}

/**
 * Acts on an alert as a known Vigil user who answered through a channel (an SMS reply from
 * their verified number, a key pressed on their call, a chat button pressed by their linked
 * chat user): they must be active and a responder in the alert's team (or a superuser), as in
 * the console; the history records who and `via` the channel. Answers the alert and whether it
 * changed (false: it was already so).
 */
export async function actFromChannel(
  deps: AlertActionDeps,
  userId: string,
  alertId: string,
  action: AlertAction,
  via: ChannelVia,
): Promise<{ alert: AlertRow; changed: boolean }> {
  const user = await deps.db.selectFrom('users').select(['id', 'is_active', 'is_superuser']).where('id', '=', userId).executeTakeFirst();
  if (!user?.is_active) throw new ChannelRefusal(403, CHANNEL_USER_INACTIVE);
  const alert = await deps.db.selectFrom('alerts').select(['id', 'team_id']).where('id', '=', alertId).executeTakeFirst();
  if (!alert) throw new ChannelRefusal(404, CHANNEL_ALERT_UNKNOWN);
  if (!user.is_superuser && !roleAllows(await roleOf(deps.db, user, alert.team_id), 'respond')) {
    throw new ChannelRefusal(403, CHANNEL_NOT_RESPONDER);
  }
  const { alert: row, changed } = await actOnAlert(deps, alertId, action, { actorId: user.id, via, clientIp: null });
  return { alert: row, changed };
}
