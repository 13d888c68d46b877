import { groupingStage } from '../grouping/stage.js';
import { maintenanceStage } from '../maintenance/stage.js';
import { routingStage } from '../routing/stage.js';
import type { IngestStage } from './stages.js';

/**
 * The ingest stages in the order they run (docs/decisions/0090): routing first (a dropped
 * event is silenced by nothing and grouped with nothing), then maintenance windows (which
 * match the severity a rule set), then grouping.
 */
export function ingestStageOrder(): IngestStage[] {
  return [routingStage as IngestStage, maintenanceStage as IngestStage, groupingStage as IngestStage];
}
