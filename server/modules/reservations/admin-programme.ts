import { eq } from 'drizzle-orm';
import type { Staff } from '#core/admin/roles.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../staff/index.ts';
import { auditedState } from './admin-desk.ts';
import { lockReservation, recordEvent, touched, type EventFanout } from './deals-stages.ts';
import { programmeOffered, type LotProgrammes } from './programmes.ts';
import { reservations, type ReservationRow } from './schema.ts';

/** Why a change of programme was refused: the field and the reason's code (worded by the routes in the member's language). */
export type ProgrammeCode = 'stale' | 'notActive' | 'programmeNotOffered' | 'programmeSame';
export type ProgrammeResult =
  { ok: true; value: ReservationRow } | { ok: false; refusal: { status: 400 | 409; field: 'programmeId' | 'version'; code: ProgrammeCode } | null };

export type ProgrammeActionDeps = {
  db: Db;
  fanout: EventFanout;
  /** The finance programmes offered for a lot (the lot page's rule, programmes.ts); absent: only "none" may be set. */
  programmes?: LotProgrammes | undefined;
  /** After a commit that changed a reservation: the CRM's outbox and the lot's state hear of it. */
  changed: () => void;
  now?: () => Date;
};

const refuse = (status: 400 | 409, field: 'programmeId' | 'version', code: ProgrammeCode): ProgrammeResult => ({ ok: false, refusal: { status, field, code } });

/** A reservation's programme in the audit trail beside its state (auditedState leaves it out). */
const audited = (row: ReservationRow) => ({ ...auditedState(row), programmeId: row.programmeId });

/**
 * The sales team's change of a deal's finance programme (admin and sales, checked by the routes), the one whose
 * payment schedule the buyer's deal page shows; null: none (paid in full, or not decided). Like the other actions
 * (admin-actions.ts): on a deal still in force, at the version the member saw, the change, a timeline row (source
 * staff; queued for the CRM once paid) and the audit entry `set_programme` in one transaction. Only a programme
 * offered for the lot now is accepted, by the reserve form's own check; its rate is never copied: the deal page reads
 * the programme each time.
 */
export function createProgrammeAction(deps: ProgrammeActionDeps) {
  const { db, fanout } = deps;
  const now = () => deps.now?.() ?? new Date();
  return async function setProgramme(staff: Staff, id: string, input: { programmeId: string | null; version: number }): Promise<ProgrammeResult> {
    // The programmes are read before the row is locked (the catalogue and the finance programmes are cached reads).
    const [found] = await db.select({ lotId: reservations.lotId }).from(reservations).where(eq(reservations.id, id.toLowerCase()));
    if (!found) return { ok: false, refusal: null };
    const offered = input.programmeId === null || !deps.programmes ? [] : ((await deps.programmes(found.lotId)) ?? []);
    const result = await db.transaction(async (tx): Promise<ProgrammeResult> => {
      const row = await lockReservation(tx, id);
      if (!row) return { ok: false, refusal: null };
      if (row.version !== input.version) return refuse(409, 'version', 'stale');
      if (row.state !== 'reserved' && row.state !== 'held') return refuse(409, 'programmeId', 'notActive');
      if (row.programmeId === input.programmeId) return refuse(409, 'programmeId', 'programmeSame');
      if (!programmeOffered(input.programmeId, offered)) return refuse(400, 'programmeId', 'programmeNotOffered');
      const [after] = await tx
        .update(reservations)
        .set({ programmeId: input.programmeId, ...touched() })
        .where(eq(reservations.id, row.id))
        .returning();
      const at = now();
      // A hold never paid is not the CRM's business: its events are not queued.
      await recordEvent(tx, row.paidAt ? fanout : { crm: false }, {
        reservationId: row.id,
        kind: 'programme',
        at,
        source: 'staff',
        staffId: staff.id,
        data: { from: row.programmeId, to: input.programmeId },
      });
      await recordAudit(tx, staff, { action: 'set_programme', entityKind: 'reservation', entityId: row.id, before: audited(row), after: audited(after!) });
      return { ok: true, value: after! };
    });
    if (result.ok) deps.changed();
    return result;
  };
}
