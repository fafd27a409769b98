import type { ExperimentRecord } from '#core/schemas/tracking.ts';
import type { Db } from '../db/client.ts';
import { experimentEvents } from '../db/schema/index.ts';

export function createTrackingService(db: Db) {
  return {
    async storeExperiment(record: ExperimentRecord): Promise<void> {
      await db.insert(experimentEvents).values({
        userId: record.user_id,
        experimentId: record.experiment_id,
        variationId: record.variation_id,
        gaId: record.ga_id,
        value: record.value,
        host: record.host,
        url: record.url,
        occurredAt: record.timestamp,
        tableName: record.table_name,
      });
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
