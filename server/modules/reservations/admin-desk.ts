import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { mayEnter, type Staff } from '#core/admin/roles.ts';
import type { Db } from '../../db/client.ts';
import { lots, projects } from '../../db/schema/index.ts';
import { recordAudit } from '../staff/index.ts';
import { documentsOf } from './deals-documents.ts';
import { isReservationId } from './deals-stages.ts';
import { reservationEvents, reservations, type DealStage, type ReservationRow, type ReservationState } from './schema.ts';

export const DEALS_PAGE = 50;

export type DealFilter = { state?: ReservationState | undefined; project?: number | undefined };

/** What the back office may see of a buyer: their contact only for the sales team and administrators. */
export const seesBuyer = (staff: Pick<Staff, 'role'>): boolean => mayEnter(staff.role, 'leads');

/** A reservation as the back office's list shows it: no personal data. */
export type DealListItem = {
  id: string;
  lotId: number;
  lotNumber: string | null;
  projectId: number;
  projectName: string | null;
  state: ReservationState;
  stage: DealStage;
  amountKopecks: number;
  createdAt: Date;
  paidAt: Date | null;
  endsAt: Date | null;
  holdExpiresAt: Date;
};

/** A reservation's state as its `before`/`after` in the audit trail: its terms and states, never the buyer. */
export function auditedState(row: ReservationRow) {
  return {
    state: row.state,
    dealStage: row.dealStage,
    endsAt: row.endsAt,
    canceledAt: row.canceledAt,
    cancelReason: row.cancelReason,
    refundStatus: row.refundStatus,
    tokenRevokedAt: row.tokenRevokedAt,
    version: row.version,
  };
}

/**
 * The back office's reading of reservations (list, one deal with its timeline and documents). Any member of staff
 * reads them; the buyer's name, phone and e-mail are shown only to sales and administrators, and showing them is a
 * `view_personal_data` entry of the audit trail, written in the read's transaction (ADR 025).
 */
export function createDealReader(db: Db) {
  return {
    async list(filter: DealFilter, page: number) {
      const parts: SQL[] = [];
      if (filter.state) parts.push(eq(reservations.state, filter.state));
      if (filter.project !== undefined) parts.push(eq(reservations.projectId, filter.project));
      const where = parts.length ? and(...parts) : undefined;
      const [total] = await db.select({ n: count() }).from(reservations).where(where);
      const rows = await db
        .select({
          id: reservations.id,
          lotId: reservations.lotId,
          lotNumber: lots.number,
          projectId: reservations.projectId,
          projectName: projects.name,
          state: reservations.state,
          stage: reservations.dealStage,
          amountKopecks: reservations.amountKopecks,
          createdAt: reservations.createdAt,
          paidAt: reservations.paidAt,
          endsAt: reservations.endsAt,
          holdExpiresAt: reservations.holdExpiresAt,
        })
        .from(reservations)
        .leftJoin(lots, eq(lots.id, reservations.lotId))
        .leftJoin(projects, eq(projects.id, reservations.projectId))
        .where(where)
        .orderBy(desc(reservations.createdAt), desc(reservations.id))
        .limit(DEALS_PAGE)
        .offset((page - 1) * DEALS_PAGE);
      const n = total?.n ?? 0;
      return {
        count: n,
        pages: Math.max(1, Math.ceil(n / DEALS_PAGE)),
        results: rows.map((r) => ({ ...r, projectName: r.projectName?.ru ?? null })) satisfies DealListItem[],
      };
    },

    /** One deal: its row (the buyer only for sales and admin, audited), its timeline and documents; null when none. */
    async get(staff: Staff, id: string) {
      if (!isReservationId(id)) return null;
      const buyer = seesBuyer(staff);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(reservations).where(eq(reservations.id, id.toLowerCase()));
        if (!row) return null;
        const [events, documents, lot] = [
          await tx
            .select()
            .from(reservationEvents)
            .where(eq(reservationEvents.reservationId, row.id))
            .orderBy(asc(reservationEvents.at), asc(reservationEvents.id)),
          await documentsOf(tx, row.id),
          (
            await tx
              .select({ number: lots.number, projectName: projects.name })
              .from(lots)
              .leftJoin(projects, eq(projects.id, lots.projectId))
              .where(eq(lots.id, row.lotId))
          )[0],
        ];
        if (buyer) await recordAudit(tx, staff, { action: 'view_personal_data', entityKind: 'reservation', entityId: row.id });
        const { tokenHash: _hash, name, phone, email, ...shown } = row;
        return {
          reservation: { ...shown, lotNumber: lot?.number ?? null, projectName: lot?.projectName?.ru ?? null },
          buyer: buyer ? { name, phone, email } : null,
          events,
          documents,
        };
      });
    },
  };
}
export type DealReader = ReturnType<typeof createDealReader>;
