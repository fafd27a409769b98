import type { Db } from '../db/client.ts';

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
  actorId: string;
  action: 'create' | 'update' | 'delete' | 'revert';
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  /** A revert names the change it undid. */
  revertOf?: string;
};

/** The audit trail as the editing engine uses it: written in the change's own transaction, read for history and revert. */
export type AuditTrail = {
  record(tx: Db, entry: AuditEntry): Promise<void>;
  get(db: Db, id: string): Promise<AuditRecord | null>;
  history(db: Db, entity: string, entityId: string): Promise<AuditRecord[]>;
};
