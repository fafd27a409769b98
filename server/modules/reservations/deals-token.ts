import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reservations, type ReservationRow } from './schema.ts';

/**
 * The buyer's deal token (docs/guides/reservations.md): a long random string in the deal page's address, never
 * stored (only its SHA-256, `token_hash`) and never logged (server/logger.ts writes `/deal/[token]`).
 */
const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

export const dealTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new random token (256 bits), for a reissued link. */
export const newDealToken = (): string => randomBytes(32).toString('base64url');

/**
 * The first token of a reservation, derivable by the server alone (HMAC-SHA256 of its id under `secret`): so the
 * e-mail sent when the payment applies can carry the link without the token ever being stored.
 */
export const dealLinkToken = (secret: string, reservationId: string): string =>
  createHmac('sha256', secret).update(`deal-link\0${reservationId.toLowerCase()}`).digest('base64url');

/** The reservation a token opens; null for a malformed, unknown or revoked token. */
export async function reservationByToken(db: Pick<Db, 'select'>, token: string): Promise<ReservationRow | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tokenHash, dealTokenHash(token)), isNull(reservations.tokenRevokedAt)));
  return row ?? null;
}
