import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import { inTeamsOf } from '../teams/access.js';
import { type AlertActionDeps, applyAlertAction } from './alertActions.js';
import type { AlertBulkAction, AlertBulkResult } from './schema.js';

/**
 * One action on many alerts, each through the same locked transition as a single action (its
 * own transaction and history event), so a bulk close is exactly many closes. Alerts that are
 * not in a team where the caller responds answer not_found, as a single call would; one that cannot move (a closed
 * alert cannot be acknowledged) answers conflict and does not stop the others.
 */
export async function applyBulkAction(
  deps: AlertActionDeps,
  user: UserRow,
  input: AlertBulkAction,
  clientIp: string | null,
): Promise<AlertBulkResult> {
  const { db } = deps;
  // A responder's or admin's alerts: an observer's answer not_found, as a stranger's.
  const visible = db
    .selectFrom('alerts')
    .select(['id', 'state'])
    .where('id', 'in', input.ids)
    .where(inTeamsOf(user, 'team_id', 'respond'));
  const before = new Map((await visible.execute()).map((row) => [row.id, row.state]));
  const results: AlertBulkResult['results'] = [];
  for (const id of input.ids) {
    if (!before.has(id)) {
      results.push({ id, outcome: 'not_found', state: null });
      continue;
    }
    try {
      const alert = await applyAlertAction(deps, id, input.action, { actorId: user.id, via: 'console', clientIp });
      results.push({ id, outcome: alert.state === before.get(id) ? 'unchanged' : 'changed', state: alert.state });
    } catch (error) {
      if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 409)) throw error;
      // Deleted meanwhile (404), or closed meanwhile for an acknowledge (409).
      results.push({ id, outcome: error.statusCode === 404 ? 'not_found' : 'conflict', state: error.statusCode === 409 ? 'closed' : null });
    }
  }
  return { results, changed: results.filter((r) => r.outcome === 'changed').length };
}
