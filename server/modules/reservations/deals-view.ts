import { and, asc, eq } from 'drizzle-orm';
import { isLocale, type Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { lots, projects, staffUsers } from '../../db/schema/index.ts';
import { documentsOf } from './deals-documents.ts';
import { reservationByToken } from './deals-token.ts';
import { bookedHandover, dealOffice, handoverOpen, handoverSlots, type HandoverBooking, type HandoverSlot } from './handover.ts';
import { DEAL_STAGES, dealSold, reservationEvents, type DealStage, type ReservationRow } from './schema.ts';

/** The address of a deal's document (served through the token: routes-deals.ts), without a language prefix. */
export const dealDocumentUrl = (token: string, id: number): string => `/deal/${token}/documents/${id}`;

export type DealView = {
  id: string;
  state: ReservationRow['state'];
  stage: DealStage;
  locale: string;
  lot: {
    id: number;
    projectId: number;
    projectName: string;
    type: string;
    number: string;
    floor: number;
    rooms: number | null;
    area: number;
    price: number;
  } | null;
  deposit: { kopecks: number; currency: 'RUB'; paidAt: string | null; refundedKopecks: number; refundStatus: string | null };
  holdExpiresAt: string;
  endsAt: string | null;
  canceledAt: string | null;
  /** Until when the buyer may cancel with a refund (paid + the refund window); null before the payment. */
  refundUntil: string | null;
  /** Every stage in order, with when it was reached (null: not yet). */
  stages: { stage: DealStage; reached: boolean; at: string | null }[];
  documents: { id: number; title: string; bytes: number; createdAt: string; url: string }[];
  programmeId: string | null;
  manager: { name: string; email: string } | null;
  office: { id: number; name: string; address: string; phones: string[]; email: string | null } | null;
  handover: { open: boolean; booked: HandoverBooking | null; slots: HandoverSlot[] };
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** When each stage was reached: `reserved` when paid, the others by their last `stage` row of the timeline. */
async function stageDates(db: Pick<Db, 'select'>, row: ReservationRow): Promise<DealView['stages']> {
  const events = await db
    .select({ stage: reservationEvents.stage, at: reservationEvents.at })
    .from(reservationEvents)
    .where(and(eq(reservationEvents.reservationId, row.id), eq(reservationEvents.kind, 'stage')))
    .orderBy(asc(reservationEvents.id));
  const at = new Map<DealStage, Date>();
  if (row.paidAt) at.set('reserved', row.paidAt);
  for (const e of events) if (e.stage) at.set(e.stage, e.at);
  const reached = DEAL_STAGES.indexOf(row.dealStage);
  return DEAL_STAGES.map((stage, i) => ({ stage, reached: row.state !== 'held' && i <= reached && Boolean(row.paidAt), at: iso(at.get(stage) ?? null) }));
}

/**
 * Everything the buyer's deal page shows (`/deal/{token}`, H3), read through the token: the lot, the deposit, the
 * reservation's end, the stages with their dates, the documents (links through the token), the programme whose
 * schedule is shown, the manager's contact and the sales office, and the handover (its booking, and the free slots
 * while it can be booked). Null for an unknown or revoked token. Nothing here is cached.
 */
export async function dealView(db: Db, token: string, opts: { locale?: Locale; now?: Date } = {}): Promise<DealView | null> {
  const row = await reservationByToken(db, token);
  if (!row) return null;
  const now = opts.now ?? new Date();
  const locale: Locale = opts.locale ?? (isLocale(row.locale) ? row.locale : 'ru');
  const [lotRows, stages, documents, managerRows, office, booked] = await Promise.all([
    db.select({ lot: lots, projectName: projects.name }).from(lots).innerJoin(projects, eq(projects.id, lots.projectId)).where(eq(lots.id, row.lotId)),
    stageDates(db, row),
    documentsOf(db, row.id),
    row.managerId
      ? db.select({ name: staffUsers.name, email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, row.managerId))
      : Promise.resolve([]),
    dealOffice(db, row.projectId),
    bookedHandover(db, row.id),
  ]);
  const found = lotRows[0];
  const open = handoverOpen(row) && office !== null;
  return {
    id: row.id,
    state: row.state,
    stage: row.dealStage,
    locale: row.locale,
    lot: found
      ? {
          id: found.lot.id,
          projectId: found.lot.projectId,
          projectName: pick(found.projectName, locale),
          type: found.lot.type,
          number: found.lot.number,
          floor: found.lot.floor,
          rooms: found.lot.rooms,
          area: found.lot.area,
          price: found.lot.price,
        }
      : null,
    deposit: {
      kopecks: row.amountKopecks,
      currency: row.currency,
      paidAt: iso(row.paidAt),
      refundedKopecks: row.refundedKopecks,
      refundStatus: row.refundStatus,
    },
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    endsAt: iso(row.endsAt),
    canceledAt: iso(row.canceledAt),
    // The buyer's cancel-and-refund deadline (cancel.ts `buyerMayCancel`), none once the contract is signed.
    refundUntil: row.paidAt && !dealSold(row.dealStage) ? new Date(row.paidAt.getTime() + row.refundWindowDays * 86_400_000).toISOString() : null,
    stages,
    documents: documents.map((d) => ({ id: d.id, title: d.title, bytes: d.bytes, createdAt: d.createdAt.toISOString(), url: dealDocumentUrl(token, d.id) })),
    programmeId: row.programmeId,
    manager: managerRows[0] ?? null,
    office: office
      ? { id: office.id, name: pick(office.name, locale), address: pick(office.address, locale), phones: office.phones, email: office.email }
      : null,
    handover: { open, booked, slots: open && office ? await handoverSlots(db, office, row.id, now) : [] },
  };
}
