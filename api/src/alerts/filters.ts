import type { SelectQueryBuilder } from 'kysely';
import { likePattern } from '../common/likePattern.js';
import type { Database } from '../db/schema.js';
import type { AlertFilters } from './schema.js';

export const hasFilters = (filters: AlertFilters): boolean => Boolean(filters.state?.length || filters.severity?.length || filters.q);

/**
 * Narrows an alerts query: any of the states, any of the severities, the title containing
 * `q` in any case (ILIKE, served by the trigram index of migration 0006), and one team.
 * A team alone is no filter (hasFilters): the checked page reads one team's list as fast.
 */
export function applyFilters<O>(query: SelectQueryBuilder<Database, 'alerts', O>, filters: AlertFilters) {
  let narrowed = query;
  if (filters.state?.length) narrowed = narrowed.where('state', 'in', filters.state);
  if (filters.severity?.length) narrowed = narrowed.where('severity', 'in', filters.severity);
  if (filters.q) narrowed = narrowed.where('title', 'ilike', likePattern(filters.q));
  if (filters.team_id) narrowed = narrowed.where('team_id', '=', filters.team_id);
  return narrowed;
}
