import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ValidationCode } from '#core/validation/messages.ts';
import type { Db } from '../../db/client.ts';

/** A transaction of the leads database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every seat of the chosen slot was taken by a concurrent submit. */
export class SlotTakenError extends Error {}
/** A kind's own step refused the lead inside its transaction (an auction bid below the least allowed): 409 naming the field. */
export class ClaimRefused extends Error {
  readonly errors: Record<string, ValidationCode[]>;
  readonly params: Record<string, string | number> | undefined;
  constructor(errors: Record<string, ValidationCode[]>, params?: Record<string, string | number>) {
    super('claim refused');
    this.errors = errors;
    this.params = params;
  }
}
/** The same idempotency key was committed concurrently. */
export class DuplicateKeyError extends Error {}

/**
 * A lead the database could not store. It carries the lead id and the database's error class and SQLSTATE,
 * never the query, its parameters or the database's own message (they quote the visitor's name, phone and
 * e-mail), so whoever logs or reports it cannot leak them.
 */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError';
  readonly lead: string;
  readonly errorClass: string;
  readonly code: string | undefined;
  /** The database could not be reached (not a bad query): the visitor is told to come back (503). */
  readonly unavailable: boolean;
  constructor(lead: string, errorClass: string, code: string | undefined, unavailable: boolean) {
    super(`lead ${lead} could not be stored (${errorClass}${code ? ` ${code}` : ''}${unavailable ? ', database unavailable' : ''})`);
    this.lead = lead;
    this.errorClass = errorClass;
    this.code = code;
    this.unavailable = unavailable;
  }
}

/** The SQLSTATE of a database error, directly or as the cause of drizzle's wrapper. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A 64-bit advisory-lock id per key (SHA-256's first 8 bytes): fewer collisions than `hashtext`'s 32 bits, and
 * a total order, so two transactions that lock the same keys always take them in the same order (no deadlock).
 */
function lockId(key: string): bigint {
  return createHash('sha256').update(key).digest().readBigInt64BE(0);
}

/**
 * Serializes the submits that share a budget (one client, one phone) across connections and instances:
 * transaction-scoped advisory locks, released by the commit or rollback, taken in one global order.
 */
export async function lockBudgets(tx: Tx, keys: string[]): Promise<void> {
  const ids = [...new Set(keys.map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`);
}

/** JSON with sorted keys: the same content hashes the same whatever the order its fields came in. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}
