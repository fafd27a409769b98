import { and, desc, eq } from 'drizzle-orm';
import type { ContentEntity } from '#core/admin/kinds.ts';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { recordAudit } from '../../staff/index.ts';

/** One recorded change, as the engine reads it back (a history line, a revert). */
export type AuditRecord = {
  id: string;
  at: string;
  staffEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
};

export type AuditEntry = {
  action: 'create' | 'update' | 'delete' | 'revert';
  entity: ContentEntity;
  entityId: string;
  before: unknown;
  after: unknown;
  /** A revert names the change it undid. */
  revertOf?: string;
};

/** The member of staff making a change (ADR 025's `request.staff`). */
export type Actor = { id: string; email: string };

/**
 * The editing engine's view of ADR 025's audit trail (`audit_log`): entries written with `recordAudit` in the
 * change's own transaction, read back for an item's history and for a revert.
 */
export type AuditTrail = {
  /** Writes the entry; its number (a revert names it). */
  record(tx: Db, actor: Actor, entry: AuditEntry): Promise<string>;
  get(db: Db, id: string): Promise<AuditRecord | null>;
  history(db: Db, entity: string, entityId: string): Promise<AuditRecord[]>;
};

function toRecord(row: typeof auditLog.$inferSelect): AuditRecord {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    staffEmail: row.staffEmail,
    action: row.action,
    entity: row.entityKind,
    entityId: row.entityId ?? '',
    before: row.before,
    after: row.after,
  };
}

export const AUDIT_TRAIL: AuditTrail = {
  record(tx, actor, entry) {
    return recordAudit(tx, actor, {
      action: entry.action,
      entityKind: entry.entity,
      entityId: entry.entityId,
      before: entry.before,
      after: entry.after,
      ...(entry.revertOf ? { detail: { revertOf: entry.revertOf } } : {}),
    });
  },
  async get(db, id) {
    if (!/^[1-9]\d{0,17}$/.test(id)) return null;
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, Number(id)));
    return row ? toRecord(row) : null;
  },
  async history(db, entity, entityId) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id))
      .limit(100);
    return rows.map(toRecord);
  },
};
