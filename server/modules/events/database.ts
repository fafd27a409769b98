import type { EventTable } from '#core/experiments/events.ts';
import type { Db } from '../../db/client.ts';
import { experimentViews, webVitals } from '../../db/schema/index.ts';
import type { EventSink, StoredEvent } from './store.ts';

/** Rows per INSERT statement (10 parameters a row, well under PostgreSQL's 65,535). */
const CHUNK = 1000;

/** The experiment event store in the site's database (`experiment_views`, `web_vitals`), when ClickHouse is not configured. */
export function databaseEventSink(db: Db): EventSink {
  return {
    name: 'database',
    async insert(table: EventTable, rows: StoredEvent[]) {
      // One transaction: a batch is written whole or not at all, so a retry never doubles rows.
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          const chunk = rows.slice(i, i + CHUNK);
          if (table === 'experiment_views') {
            await tx.insert(experimentViews).values(
              chunk.flatMap((r) =>
                r.table === 'experiment_views'
                  ? [
                      {
                        timestamp: r.timestamp,
                        receivedAt: r.receivedAt,
                        userId: r.userId,
                        experimentId: r.experimentId,
                        variationId: r.variationId,
                        gaId: r.gaId,
                        value: r.value,
                        host: r.host,
                        url: r.url,
                      },
                    ]
                  : [],
              ),
            );
          } else {
            await tx.insert(webVitals).values(
              chunk.flatMap((r) =>
                r.table === 'web_vitals'
                  ? [
                      {
                        timestamp: r.timestamp,
                        receivedAt: r.receivedAt,
                        userId: r.userId,
                        gaId: r.gaId,
                        metric: r.metric,
                        value: r.value,
                        host: r.host,
                        url: r.url,
                      },
                    ]
                  : [],
              ),
            );
          }
        }
      });
    },
    async close() {},
  };
}
