import type { Schemas } from '../api/client';

export type AlertState = Schemas['AlertState'];
export type AlertSeverity = Schemas['AlertSeverity'];

export const ALERT_STATES: readonly AlertState[] = ['open', 'acknowledged', 'escalated', 'closed'];
export const ALERT_SEVERITIES: readonly AlertSeverity[] = ['critical', 'high', 'warning', 'info'];

/** What narrows the alerts list; empty arrays and '' mean "no filter". */
export interface AlertFilters {
  state: AlertState[];
  severity: AlertSeverity[];
  q: string;
}

export const NO_ALERT_FILTERS: AlertFilters = { state: [], severity: [], q: '' };

/** Known values only, each once, in the canonical order (so equal filters give equal query keys). */
const known = <T extends string>(values: string[], allowed: readonly T[]): T[] =>
  allowed.filter((value) => values.some((given) => given.trim().toLowerCase() === value));

/** `?state=open&state=closed&severity=critical&q=disk` → filters; unknown values are dropped. */
export function parseAlertFilters(params: URLSearchParams): AlertFilters {
  return {
    state: known(params.getAll('state'), ALERT_STATES),
    severity: known(params.getAll('severity'), ALERT_SEVERITIES),
    q: (params.get('q') ?? '').trim(),
  };
}

/**
 * Writes `filters` into a copy of `params` (other parameters kept); `page` goes back to 1
 * (removed) since the old page number means nothing in a differently filtered list.
 */
export function withAlertFilters(params: URLSearchParams, filters: AlertFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['state', 'severity', 'q', 'page']) next.delete(key);
  for (const state of known(filters.state, ALERT_STATES)) next.append('state', state);
  for (const severity of known(filters.severity, ALERT_SEVERITIES)) next.append('severity', severity);
  const q = filters.q.trim();
  if (q) next.set('q', q);
  return next;
}

export const hasAlertFilters = (filters: AlertFilters): boolean =>
  filters.state.length > 0 || filters.severity.length > 0 || filters.q !== '';
