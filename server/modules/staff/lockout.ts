import { createHmac } from 'node:crypto';
import { and, count, eq, gte, lt, max, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffSignInFailures } from '../../db/schema/index.ts';
import { clientNetwork } from '../../lib/client-network.ts';

export type LockoutOptions = { accountFailures: number; clientFailures: number; windowS: number; keySecret: string; now?: () => Date };

/**
 * The sign-in lockout (ADR 025), counted in the database so every instance sees the same counts: `accountFailures`
 * failed sign-ins of one account, or `clientFailures` from one client address, within `windowS` lock that account
 * or address until `windowS` after the last of them. A successful sign-in clears the account's failures.
 */
export function createLockout(db: Db, opts: LockoutOptions) {
  const now = opts.now ?? (() => new Date());
  const clientKey = (ip: string) =>
    createHmac('sha256', opts.keySecret)
      .update(`staff-client:${clientNetwork(ip)}`)
      .digest('base64url')
      .slice(0, 32);
  const accountKey = (email: string) => email.trim().toLowerCase();

  async function state(column: typeof staffSignInFailures.account | typeof staffSignInFailures.clientKey, value: string, since: Date) {
    const [row] = await db
      .select({ n: count(), last: max(staffSignInFailures.at) })
      .from(staffSignInFailures)
      .where(and(eq(column, value), gte(staffSignInFailures.at, since)));
    return { n: row?.n ?? 0, last: row?.last ?? null };
  }

  return {
    /** When the account or the address may try again, or null when neither is locked. */
    async lockedUntil(email: string, ip: string): Promise<Date | null> {
      const since = new Date(now().getTime() - opts.windowS * 1000);
      const [account, client] = await Promise.all([
        state(staffSignInFailures.account, accountKey(email), since),
        state(staffSignInFailures.clientKey, clientKey(ip), since),
      ]);
      const until = (s: { n: number; last: Date | null }, limit: number) =>
        s.n >= limit && s.last ? new Date(new Date(s.last).getTime() + opts.windowS * 1000) : null;
      const times = [until(account, opts.accountFailures), until(client, opts.clientFailures)].filter((d): d is Date => d !== null && d > now());
      return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
    },
    async fail(email: string, ip: string): Promise<void> {
      await db.insert(staffSignInFailures).values({ account: accountKey(email), clientKey: clientKey(ip), at: now() });
      // Rows past the window count for nothing: the table holds about one window's failures.
      const old = new Date(now().getTime() - 2 * opts.windowS * 1000);
      await db
        .delete(staffSignInFailures)
        .where(
          or(
            and(eq(staffSignInFailures.account, accountKey(email)), lt(staffSignInFailures.at, old)),
            and(eq(staffSignInFailures.clientKey, clientKey(ip)), lt(staffSignInFailures.at, old)),
          ),
        );
    },
    async succeed(email: string): Promise<void> {
      await db.delete(staffSignInFailures).where(eq(staffSignInFailures.account, accountKey(email)));
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
