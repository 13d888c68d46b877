import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';
import * as statementCountTriggers from './0002_statement_count_triggers.js';
import * as ingestion from './0003_ingestion.js';
import * as unclosedAlertsIndex from './0004_unclosed_alerts_index.js';
import * as alertChangesAndFilters from './0006_alert_changes_and_filters.js';
import * as signedLinks from './0008_signed_links.js';
import * as rateLimitStore from './0010_rate_limit_store.js';

/**
 * Every migration, in order. Listed in code (not read from a folder) so the compiled
 * server and the tests run the same set. Never edit a released one: add the next.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_statement_count_triggers': statementCountTriggers,
  '0003_ingestion': ingestion,
  '0004_unclosed_alerts_index': unclosedAlertsIndex,
  // 0005 is the notifications work's.
  '0006_alert_changes_and_filters': alertChangesAndFilters,
  // 0007 is the notifications work's.
  '0008_signed_links': signedLinks,
  '0010_rate_limit_store': rateLimitStore,
};
