import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntityKind } from '#core/admin/audit.ts';
import type { Staff } from '#core/admin/roles.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * What an audit entry says (ADR 025). Actions in use: `create`, `update`, `delete`, `publish`, `unpublish`, `revert`
 * (changes: `before`/`after` hold the entity's state), `view_personal_data` (a lead opened, leads searched by name,
 * phone or e-mail: `detail` says what), `export_personal_data` (a CSV: `detail` holds the filters and the row count),
 * `redeliver`, `sign_in`, `sign_out`, `enable_totp`, `reset_totp`.
 */
export type AuditEntry = {
  action: string;
  /** The kind of entity: `lead`, `staff_user`, `content_news`… — one of `AUDIT_ENTITY_KINDS` (the audit page's filter lists them). */
  entityKind: AuditEntityKind;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  detail?: Record<string, unknown>;
};

/** Anything that can insert: the database, or the transaction of the change being recorded. */
export type AuditWriter = Pick<Db, 'insert'>;

/**
 * Records one audit entry by `staff` (null: the system or the shell). Call it with the transaction that makes the
 * change, so the change and its entry commit together or not at all.
 */
export async function recordAudit(tx: AuditWriter, staff: Pick<Staff, 'id' | 'email'> | null, entry: AuditEntry): Promise<string> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      staffId: staff?.id ?? null,
      staffEmail: staff?.email ?? null,
      action: entry.action,
      entityKind: entry.entityKind,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : toJson(entry.before),
      after: entry.after === undefined ? null : toJson(entry.after),
      detail: entry.detail ?? null,
    })
    .returning({ id: auditLog.id });
  return String(row!.id);
}

/** Dates and the like as JSON has them, so `before` and `after` read back as they were written. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

export type AuditFilter = { entityKind?: string; entityId?: string; staffId?: string; action?: string; before?: number; limit: number };

/** The newest entries first, `limit` of them, optionally below the id `before` (paging by keyset). */
export async function listAudit(db: Db, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.entityKind) where.push(eq(auditLog.entityKind, filter.entityKind));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.staffId) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  return { entries: rows.slice(0, filter.limit), more: rows.length > filter.limit };
}
