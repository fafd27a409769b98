import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Staff } from '#core/admin/roles.ts';
import { isLocale } from '#core/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { lotSale } from '../catalogue/index.ts';
import { recordAudit } from '../staff/index.ts';
import { auditedState } from './admin-desk.ts';
import { storeDocument } from './deals-documents.ts';
import { dealLink, sendDealLink, type DealLinkOutcome, type DealMailDeps } from './deals-mail.ts';
import { changeStage, lockForSale, lockReservation, recordEvent, touched, type EventFanout, type Tx } from './deals-stages.ts';
import { dealTokenHash, newDealToken } from './deals-token.ts';
import type { PaymentFlow } from './flow.ts';
import { requestRefund, type RefundState } from './refunds.ts';
import { reservationDocuments, reservations, type DealStage, type ReservationRow } from './schema.ts';

/** The longest a reservation may be extended to, from now. */
const MAX_EXTENSION_DAYS = 365;

export type DealActionDeps = {
  db: Db;
  fanout: EventFanout;
  mediaDir: string;
  /** The payment flow (refunds); null when online payments are not configured. */
  flow: PaymentFlow | null;
  mail: DealMailDeps;
  /** After a commit that changed a reservation: the CRM's outbox and the lot's state hear of it. */
  changed: () => void;
  now?: () => Date;
};

/** Why an action was refused: the field it is about and the reason's code (the routes word it in the member's language). */
export type ActionRefusal = { status: 400 | 409; field: string; code: ActionCode };
export type ActionCode =
  'stale' | 'notReserved' | 'notActive' | 'endNotLater' | 'endTooFar' | 'stageBackwards' | 'stageSame' | 'noPayment' | 'noPayments' | 'linkRevoked';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; refusal: ActionRefusal } | { ok: false; refusal: null };

const refuse = (status: 400 | 409, field: string, code: ActionCode) => ({ ok: false as const, refusal: { status, field, code } });
const notFound = { ok: false as const, refusal: null };

/**
 * The sales team's actions on a deal (admin and sales, checked by the routes): extend the reservation, cancel it
 * (with or without the deposit's refund), set a stage, attach a PDF, revoke and reissue the buyer's link. Each one
 * locks the row, checks the version the member saw (optimistic: `stale` when it moved since), writes the change, a
 * row of the deal's timeline (source staff, queued for the CRM) and its audit entry in one transaction (ADR 025).
 */
export function createDealActions(deps: DealActionDeps) {
  const { db, fanout } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** Runs `change` on the locked row at `version` (after `first`'s locks), then tells whoever listens once committed. */
  async function act<T>(
    id: string,
    version: number | null,
    change: (tx: Tx, row: ReservationRow) => Promise<ActionResult<T>>,
    first?: (tx: Tx) => Promise<void>,
  ): Promise<ActionResult<T>> {
    const result = await db.transaction(async (tx): Promise<ActionResult<T>> => {
      await first?.(tx);
      const row = await lockReservation(tx, id);
      if (!row) return notFound;
      if (version !== null && row.version !== version) return refuse(409, 'version', 'stale');
      return change(tx, row);
    });
    if (result.ok) deps.changed();
    return result;
  }

  async function updated(tx: Tx, id: string, set: Partial<typeof reservations.$inferInsert>): Promise<ReservationRow> {
    const [row] = await tx
      .update(reservations)
      .set({ ...set, ...touched() })
      .where(eq(reservations.id, id))
      .returning();
    return row!;
  }

  return {
    /** A paid reservation lasts until `endsAt` (later than its end now, at most a year ahead), for `reason`. */
    extend(staff: Staff, id: string, input: { endsAt: Date; reason: string; version: number }) {
      return act(id, input.version, async (tx, row) => {
        if (row.state !== 'reserved' || !row.endsAt) return refuse(409, 'endsAt', 'notReserved');
        const at = now();
        if (input.endsAt.getTime() <= Math.max(row.endsAt.getTime(), at.getTime())) return refuse(400, 'endsAt', 'endNotLater');
        if (input.endsAt.getTime() > at.getTime() + MAX_EXTENSION_DAYS * 86_400_000) return refuse(400, 'endsAt', 'endTooFar');
        const after = await updated(tx, row.id, { endsAt: input.endsAt });
        const data = { from: row.endsAt.toISOString(), to: input.endsAt.toISOString(), reason: input.reason };
        await recordEvent(tx, fanout, { reservationId: row.id, kind: 'extended', at, source: 'staff', staffId: staff.id, data });
        await recordAudit(tx, staff, {
          action: 'extend',
          entityKind: 'reservation',
          entityId: row.id,
          before: auditedState(row),
          after: auditedState(after),
          detail: { reason: input.reason },
        });
        return { ok: true, value: after };
      });
    },

    /**
     * Cancels a held or paid reservation (the lot is free at once). With `refund`, the deposit's refund is asked of
     * the provider after the commit (H2b's `requestRefund`; pending until it answers, finished by the reconciliation).
     */
    async cancel(staff: Staff, id: string, input: { reason: string; refund: boolean; version: number }) {
      const result = await act(id, input.version, async (tx, row) => {
        if (row.state !== 'reserved' && row.state !== 'held') return refuse(409, 'reason', 'notActive');
        if (input.refund && !deps.flow) return refuse(409, 'refund', 'noPayments');
        if (input.refund && (row.state !== 'reserved' || !row.paymentId)) return refuse(409, 'refund', 'noPayment');
        const at = now();
        const after = await updated(tx, row.id, {
          state: 'canceled',
          canceledAt: at,
          cancelReason: input.reason,
          ...(input.refund ? { refundStatus: 'pending' } : {}),
        });
        await recordEvent(tx, fanout, {
          reservationId: row.id,
          kind: 'canceled',
          at,
          source: 'staff',
          staffId: staff.id,
          data: { reason: input.reason, refund: input.refund },
        });
        await recordAudit(tx, staff, {
          action: 'cancel',
          entityKind: 'reservation',
          entityId: row.id,
          before: auditedState(row),
          after: auditedState(after),
          detail: { reason: input.reason, refund: input.refund },
        });
        return { ok: true, value: after };
      });
      if (!result.ok || !input.refund || !deps.flow) return result;
      const refund: RefundState | null = await requestRefund(deps.flow, result.value.id, 'staff');
      return { ok: true as const, value: { ...result.value, refundStatus: refund ?? result.value.refundStatus } };
    },

    /** Moves the deal to a later stage (never back: the CRM's webhook and the staff follow one order). */
    setStage(staff: Staff, id: string, input: { stage: DealStage; version: number }) {
      const first = (tx: Tx) => lockForSale(tx, id, input.stage, lotSale);
      return act(
        id,
        input.version,
        async (tx, row) => {
          const outcome = await changeStage(tx, row.id, { stage: input.stage, at: now(), source: 'staff', staffId: staff.id }, fanout, lotSale);
          if (outcome.status === 'not_reserved') return refuse(409, 'stage', 'notReserved');
          if (outcome.status === 'backwards') return refuse(409, 'stage', 'stageBackwards');
          if (outcome.status !== 'applied') return refuse(409, 'stage', 'stageSame');
          await recordAudit(tx, staff, {
            action: 'set_stage',
            entityKind: 'reservation',
            entityId: row.id,
            before: auditedState(outcome.before),
            after: auditedState(outcome.after),
          });
          return { ok: true, value: outcome.after };
        },
        first,
      );
    },

    /** Stores a checked PDF (routes-deals-admin.ts judges its type and size) and attaches it to the deal under `title`. */
    async attachDocument(staff: Staff, id: string, input: { title: string; body: Buffer }) {
      const [exists] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, id.toLowerCase()));
      if (!exists) return notFound;
      const key = await storeDocument(deps.mediaDir, input.body);
      const result = await act(id, null, async (tx, row) => {
        const [document] = await tx
          .insert(reservationDocuments)
          .values({ reservationId: row.id, title: input.title, mediaKey: key, bytes: input.body.length, staffId: staff.id })
          .returning();
        await recordEvent(tx, fanout, {
          reservationId: row.id,
          kind: 'document',
          at: now(),
          source: 'staff',
          staffId: staff.id,
          data: { documentId: document!.id, title: input.title, bytes: input.body.length },
        });
        await recordAudit(tx, staff, {
          action: 'attach_document',
          entityKind: 'reservation',
          entityId: row.id,
          after: { documentId: document!.id, title: input.title, bytes: input.body.length },
        });
        return { ok: true, value: document! };
      });
      if (!result.ok) await unlink(join(deps.mediaDir, key)).catch(() => {});
      return result;
    },

    /** The buyer's link stops working at once (the deal page and its documents answer 404). */
    revokeLink(staff: Staff, id: string) {
      return act(id, null, async (tx, row) => {
        if (row.tokenRevokedAt) return refuse(409, 'link', 'linkRevoked');
        const at = now();
        const after = await updated(tx, row.id, { tokenRevokedAt: at });
        await recordEvent(tx, { crm: false }, { reservationId: row.id, kind: 'link_revoked', at, source: 'staff', staffId: staff.id });
        await recordAudit(tx, staff, {
          action: 'revoke_link',
          entityKind: 'reservation',
          entityId: row.id,
          before: auditedState(row),
          after: auditedState(after),
        });
        return { ok: true, value: after };
      });
    },

    /**
     * A new link for the buyer (the old one stops working): e-mailed to them when the server sends mail, and answered
     * to the member once (to give by phone otherwise). The token is in neither the timeline nor the audit trail.
     */
    async reissueLink(staff: Staff, id: string): Promise<ActionResult<{ url: string; mailed: DealLinkOutcome; row: ReservationRow }>> {
      const token = newDealToken();
      const result = await act(id, null, async (tx, row) => {
        const at = now();
        const after = await updated(tx, row.id, { tokenHash: dealTokenHash(token), tokenRevokedAt: null });
        await recordEvent(tx, { crm: false }, { reservationId: row.id, kind: 'link_reissued', at, source: 'staff', staffId: staff.id });
        await recordAudit(tx, staff, {
          action: 'reissue_link',
          entityKind: 'reservation',
          entityId: row.id,
          before: auditedState(row),
          after: auditedState(after),
        });
        return { ok: true, value: after };
      });
      if (!result.ok) return result;
      const row = result.value;
      let mailed: DealLinkOutcome;
      try {
        mailed = await sendDealLink(deps.mail, { reservationId: row.id, token, reissued: true });
      } catch {
        mailed = 'failed';
      }
      const url = dealLink(deps.mail.site, token, isLocale(row.locale) ? row.locale : 'ru');
      return { ok: true, value: { url, mailed, row } };
    },
  };
}
export type DealActions = ReturnType<typeof createDealActions>;
