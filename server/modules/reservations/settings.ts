import { eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { envReservationDefaults, type ReservationDefaults } from './config.ts';
import { reservationSettings } from './schema.ts';

/** The terms a lot of a project is reserved on: copied on each hold (the terms the buyer saw). */
export type ReservationTerms = { enabled: boolean; depositKopecks: number; periodDays: number; refundWindowDays: number };

/**
 * A project's reservation terms: its own row, else the site-wide row (`project_id` null), else the environment's
 * defaults (RESERVATION_*), which leave reservation off: the back office turns it on. `projectId` null asks for the
 * site-wide terms.
 */
export async function reservationSettingsFor(
  db: Pick<Executor, 'select'>,
  projectId: number | null,
  defaults: ReservationDefaults = envReservationDefaults(),
): Promise<ReservationTerms> {
  const rows = await db
    .select()
    .from(reservationSettings)
    .where(
      projectId === null ? isNull(reservationSettings.projectId) : or(eq(reservationSettings.projectId, projectId), isNull(reservationSettings.projectId)),
    );
  const row = rows.find((r) => r.projectId !== null) ?? rows.find((r) => r.projectId === null);
  if (!row) return { enabled: true, depositKopecks: defaults.depositKopecks, periodDays: defaults.periodDays, refundWindowDays: defaults.refundWindowDays };
  return { enabled: row.enabled, depositKopecks: row.depositKopecks, periodDays: row.periodDays, refundWindowDays: row.refundWindowDays };
}
