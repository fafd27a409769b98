import { reservationSettings as table } from '../../../../db/schema/index.ts';
import type { Binding } from '../binding.ts';

/**
 * The online reservation's terms (`reservation_settings`): one item for the site (no project) and one per project at
 * most (unique indexes: a second is refused on `projectId`). The deposit is edited in roubles, kept in kopecks.
 */
export const reservations: Binding = {
  table,
  key: table.id,
  scope: null,
  toValues: (row) => ({
    projectId: row.projectId,
    enabled: row.enabled,
    depositRub: Math.round(Number(row.depositKopecks) / 100),
    periodDays: row.periodDays,
    refundWindowDays: row.refundWindowDays,
  }),
  toRow: (values) => ({
    projectId: values.projectId as number | null,
    enabled: values.enabled as boolean,
    depositKopecks: (values.depositRub as number) * 100,
    periodDays: values.periodDays as number,
    refundWindowDays: values.refundWindowDays as number,
    updatedAt: new Date(),
  }),
  unique: 'projectId',
};
