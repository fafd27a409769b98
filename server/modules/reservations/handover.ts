import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OfficeHours } from '#core/content/offices.ts';
import { isLocale, type Locale } from '#core/i18n/locales.ts';
import { validationMessage } from '#core/validation/messages.ts';
import type { Db } from '../../db/client.ts';
import { officeProjects, offices } from '../../db/schema/index.ts';
import { candidateSlots, refusalOf, type Schedule } from '../leads/index.ts';
import { lockReservation, recordEvent, type EventFanout } from './deals-stages.ts';
import { reservationByToken } from './deals-token.ts';
import { reservationEvents, type DealStage, type ReservationRow } from './schema.ts';

/** The stage at which the buyer books the handover of the keys (the contract registered, the keys next). */
export const HANDOVER_STAGE: DealStage = 'registered';

/**
 * Handover slots: every meeting-long slot of the sales office's hours (core/content/offices.ts `meetingSlots`, the
 * meeting booking's own generator), three weeks ahead, from the next day on; one deal per slot and office.
 */
const HANDOVER_SCHEDULE: Omit<Schedule, 'resources'> = {
  kind: 'meeting',
  field: 'office',
  days: 21,
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  slots: null,
  capacity: 1,
  leadTimeMs: 24 * 3600_000,
};

/** The advisory lock class of handover bookings (the office's id is the lock's second key). */
const HANDOVER_LOCK = 39;

type OfficeRow = typeof offices.$inferSelect;
export type HandoverOffice = Pick<OfficeRow, 'id' | 'name' | 'address' | 'phones' | 'email'> & { hours: OfficeHours };

/**
 * The sales office of a deal's project: the first published office serving the project (a sales office before the
 * head office), else the first published office taking meetings; null when the site has none.
 */
export async function dealOffice(db: Pick<Db, 'select'>, projectId: number): Promise<HandoverOffice | null> {
  const serving = await db
    .select({ office: offices })
    .from(officeProjects)
    .innerJoin(offices, eq(offices.id, officeProjects.officeId))
    .where(and(eq(officeProjects.projectId, projectId), eq(offices.published, true)))
    .orderBy(sql`case when ${offices.kind} = 'sales_office' then 0 else 1 end`, asc(officeProjects.position), asc(offices.id));
  let row: OfficeRow | undefined = serving[0]?.office;
  if (!row)
    [row] = await db
      .select()
      .from(offices)
      .where(and(eq(offices.published, true), eq(offices.meetings, true)))
      .orderBy(asc(offices.position), asc(offices.id))
      .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phones: row.phones,
    email: row.email,
    hours: { timeZone: row.timeZone, week: row.schedule, exceptions: row.exceptions },
  };
}

export type HandoverBooking = { officeId: number; at: string; slot: string };

/** A deal's handover booking: the last `handover_booked` row of its timeline, or null. */
export async function bookedHandover(db: Pick<Db, 'select'>, reservationId: string): Promise<HandoverBooking | null> {
  const [row] = await db
    .select({ data: reservationEvents.data })
    .from(reservationEvents)
    .where(and(eq(reservationEvents.reservationId, reservationId), eq(reservationEvents.kind, 'handover_booked')))
    .orderBy(desc(reservationEvents.id))
    .limit(1);
  return row ? (row.data as HandoverBooking) : null;
}

/** The instants (ms) of an office's handover slots booked by other deals, from `now` on (each deal's last booking). */
async function takenSlots(db: Pick<Db, 'select'>, officeId: number, except: string, now: Date): Promise<Set<number>> {
  const rows = await db
    .select({ reservationId: reservationEvents.reservationId, id: reservationEvents.id, data: reservationEvents.data })
    .from(reservationEvents)
    .where(and(eq(reservationEvents.kind, 'handover_booked'), sql`${reservationEvents.data}->>'officeId' = ${String(officeId)}`))
    .orderBy(asc(reservationEvents.id));
  const last = new Map<string, HandoverBooking>();
  for (const row of rows) last.set(row.reservationId, row.data as HandoverBooking);
  last.delete(except);
  // A booking another deal has moved elsewhere since is not counted: only each deal's last one.
  const ids = [...last.keys()];
  if (!ids.length) return new Set();
  const moved = await db
    .select({ reservationId: reservationEvents.reservationId, data: reservationEvents.data })
    .from(reservationEvents)
    .where(and(inArray(reservationEvents.reservationId, ids), eq(reservationEvents.kind, 'handover_booked')))
    .orderBy(asc(reservationEvents.id));
  for (const row of moved) last.set(row.reservationId, row.data as HandoverBooking);
  return new Set([...last.values()].filter((b) => (b.officeId === officeId ? Date.parse(b.at) >= now.getTime() : false)).map((b) => Date.parse(b.at)));
}

export type HandoverSlot = { value: string; date: string; time: string; at: string };

/** The free handover slots of an office from `now`: value `YYYY-MM-DDTHH:MM` on the office's clock. */
export async function handoverSlots(db: Pick<Db, 'select'>, office: HandoverOffice, reservationId: string, now: Date): Promise<HandoverSlot[]> {
  const taken = await takenSlots(db, office.id, reservationId, now);
  const schedule: Schedule = { ...HANDOVER_SCHEDULE, resources: [{ id: office.id, name: office.name, hours: office.hours }] };
  return candidateSlots(schedule, schedule.resources, now)
    .filter((c) => !taken.has(c.startsAt.getTime()))
    .map((c) => ({ value: `${c.date}T${c.slot}`, date: c.date, time: c.slot, at: c.startsAt.toISOString() }));
}

export const handoverOpen = (row: Pick<ReservationRow, 'state' | 'dealStage'>): boolean => row.state === 'reserved' && row.dealStage === HANDOVER_STAGE;

export type BookHandoverInput = { slot: string; locale?: string | undefined };
export type BookHandoverResult =
  | { ok: true; booking: HandoverBooking }
  | { ok: false; reason: 'not_found' | 'not_open' | 'no_office' }
  | { ok: false; reason: 'invalid'; errors: { slot: string[] } };

/**
 * The buyer books (or moves) the handover of the keys, through the deal's token: only at the `registered` stage,
 * only a free slot of the sales office's hours. A slot outside them is refused with the booking form's own message
 * in the buyer's language (`outsideHours`, `officeClosed`, `officeBreak`, `slotPast`, `slotTaken`). The booking is a
 * `handover_booked` row of the timeline (source buyer, data `{ officeId, at, slot }`), queued for the CRM.
 */
export async function bookHandover(
  db: Db,
  token: string,
  input: BookHandoverInput,
  opts: { now?: Date; fanout?: EventFanout } = {},
): Promise<BookHandoverResult> {
  const now = opts.now ?? new Date();
  const found = await reservationByToken(db, token);
  if (!found) return { ok: false, reason: 'not_found' };
  const locale: Locale = isLocale(input.locale) ? input.locale : isLocale(found.locale) ? found.locale : 'ru';
  const refuse = (code: string): BookHandoverResult => ({ ok: false, reason: 'invalid', errors: { slot: [validationMessage(code, locale)] } });
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(String(input.slot ?? '').trim());
  if (!match) return refuse(input.slot ? 'choice' : 'required');
  const [, date, time] = match as unknown as [string, string, string];
  return db.transaction(async (tx) => {
    const row = await lockReservation(tx, found.id);
    if (!row) return { ok: false, reason: 'not_found' };
    if (!handoverOpen(row)) return { ok: false, reason: 'not_open' };
    const office = await dealOffice(tx, row.projectId);
    if (!office) return { ok: false, reason: 'no_office' };
    // One booking of an office's slot at a time, across deals (the slot's check and its row in one step).
    await tx.execute(sql`select pg_advisory_xact_lock(${HANDOVER_LOCK}, ${office.id})`);
    const resource = { id: office.id, name: office.name, hours: office.hours };
    const schedule: Schedule = { ...HANDOVER_SCHEDULE, resources: [resource] };
    const candidate = candidateSlots(schedule, [resource], now).find((c) => c.date === date && c.slot === time);
    if (!candidate) return refuse(refusalOf(schedule, resource, date, time, now).code);
    const taken = await takenSlots(tx, office.id, row.id, now);
    if (taken.has(candidate.startsAt.getTime())) return refuse('slotTaken');
    const booking: HandoverBooking = { officeId: office.id, at: candidate.startsAt.toISOString(), slot: `${date}T${time}` };
    await recordEvent(tx, opts.fanout ?? { crm: false }, { reservationId: row.id, kind: 'handover_booked', at: now, source: 'buyer', data: booking });
    return { ok: true, booking };
  });
}
