import { createHmac } from 'node:crypto';
import { and, count, eq, gt, gte, lt, max, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffSignInFailures, staffSignInUnlocks } from '../../db/schema/index.ts';
import { clientNetwork } from '../../lib/client-network.ts';

export type ThrottleOptions = {
  /** Failed passwords of one account from one client before that client waits for that account. */
  accountFailures: number;
  /** Failed sign-ins from one client, whatever the accounts, before that client waits for every account. */
  clientFailures: number;
  /** Wrong TOTP codes of one account, from every client together, before its code step waits. */
  codeFailures: number;
  /** How long a failure counts (seconds); also the longest wait. */
  windowS: number;
  /** The first wait (seconds), doubling with each further failure. */
  firstWaitS: number;
  keySecret: string;
  now?: () => Date;
};

/** Why a client waits: its failures on this account, its failures on every account, or the account's wrong codes. */
export type ThrottleReason = 'account-client' | 'client' | 'account-code';
export type Wait = { until: Date; reason: ThrottleReason };

/**
 * The wait after `n` failures when fewer than `free` cause none: `firstS` at the `free`-th, doubling with each
 * further failure (15, 30, 60… s by default), never longer than `capS`. Counted from the last failure.
 */
export function waitSeconds(n: number, free: number, firstS: number, capS: number): number {
  if (n < free) return 0;
  return Math.min(capS, firstS * 2 ** Math.min(n - free, 20));
}

/**
 * The staff sign-in throttle (ADR 038), replacing the lockout: nothing here ever refuses a right password for what
 * strangers did elsewhere. Failures are rows in the database, which every instance shares, so the counts hold however
 * many instances answer (with or without Redis). Three counts, each within `windowS`:
 *
 * - a password step's failures of one account from one client (the address's network, `clientNetwork`): past
 *   `accountFailures`, that client waits a growing delay before trying that account again — the owner, elsewhere,
 *   is not affected;
 * - a client's failures on every account: past `clientFailures`, that client waits for every account (guessing
 *   across many accounts);
 * - the code step's failures of one account from every client together: past `codeFailures`, the account's code step
 *   waits, wherever it comes from — a stolen password and many addresses cannot buy many code guesses.
 *
 * A wait grows from `firstWaitS` (15 s), doubling with each failure, to `windowS` at most; an attempt refused for waiting is not
 * counted (it was not tried). A success clears that client's failures for that account only (the attacker's count
 * elsewhere stays); an unlock clears the account's failures and, for that account only, lets every client's
 * client-wide count start again from the unlock (its failures elsewhere still count for every other account).
 */
export function createThrottle(db: Db, opts: ThrottleOptions) {
  const now = opts.now ?? (() => new Date());
  const clientKey = (ip: string) =>
    createHmac('sha256', opts.keySecret)
      .update(`staff-client:${clientNetwork(ip)}`)
      .digest('base64url')
      .slice(0, 32);
  const accountKey = (email: string) => email.trim().toLowerCase();
  const t = staffSignInFailures;

  async function tally(where: SQL | undefined, since: Date): Promise<{ n: number; last: Date | null }> {
    const [row] = await db
      .select({ n: count(), last: max(t.at) })
      .from(t)
      .where(and(where, gte(t.at, since)));
    return { n: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
  }

  function waitOf(s: { n: number; last: Date | null }, free: number, reason: ThrottleReason): Wait | null {
    const seconds = waitSeconds(s.n, free, opts.firstWaitS, opts.windowS);
    if (!seconds || !s.last) return null;
    const until = new Date(s.last.getTime() + seconds * 1000);
    return until > now() ? { until, reason } : null;
  }

  const latest = (waits: (Wait | null)[]): Wait | null => waits.reduce<Wait | null>((a, b) => (b && (!a || b.until > a.until) ? b : a), null);

  async function record(step: 'password' | 'code', account: string, ip: string): Promise<number> {
    const client = clientKey(ip);
    const [row] = await db.insert(t).values({ step, account, clientKey: client, at: now() }).returning({ id: t.id });
    // Rows past the window count for nothing: the table holds about one window's failures.
    const old = new Date(now().getTime() - 2 * opts.windowS * 1000);
    await db.delete(t).where(and(lt(t.at, old), or(eq(t.account, account), eq(t.clientKey, client))));
    return row!.id;
  }

  const since = () => new Date(now().getTime() - opts.windowS * 1000);
  const u = staffSignInUnlocks;

  /**
   * A client's failures on every account, as they count when judging this account: those from before the account's
   * last unlock are left out if the client had failed on it (the member's own client is free once unlocked), for
   * this account only — judging any other account, they count (review of issue #42: an unlock must not wipe what a
   * client did to others).
   */
  async function clientTally(client: string, step: 'password' | 'code', account: string, before?: number) {
    const [unlocked] = await db
      .select({ at: u.at })
      .from(u)
      .where(and(eq(u.step, step), eq(u.account, account), eq(u.clientKey, client)));
    const at = unlocked?.at ? new Date(unlocked.at) : null;
    return tally(and(eq(t.clientKey, client), at ? gt(t.at, at) : undefined, before === undefined ? undefined : lt(t.id, before)), since());
  }

  return {
    clientKey,

    /** Whether this client must wait before trying this e-mail's password, and until when. */
    async passwordWait(email: string, ip: string): Promise<Wait | null> {
      const client = clientKey(ip);
      const from = since();
      const [pair, all] = await Promise.all([
        tally(and(eq(t.step, 'password'), eq(t.account, accountKey(email)), eq(t.clientKey, client)), from),
        clientTally(client, 'password', accountKey(email)),
      ]);
      return latest([waitOf(pair, opts.accountFailures, 'account-client'), waitOf(all, opts.clientFailures, 'client')]);
    },

    /** Whether the code step of this member must wait (every client together), or this client for every account. */
    async codeWait(userId: string, ip: string): Promise<Wait | null> {
      const from = since();
      const [account, all] = await Promise.all([tally(and(eq(t.step, 'code'), eq(t.account, userId)), from), clientTally(clientKey(ip), 'code', userId)]);
      return latest([waitOf(account, opts.codeFailures, 'account-code'), waitOf(all, opts.clientFailures, 'client')]);
    },

    /** Counts a wrong password (or an unknown or disabled account) from this client. */
    failPassword: async (email: string, ip: string): Promise<void> => {
      await record('password', accountKey(email), ip);
    },

    /** Counts a wrong (or replayed) code of this member from this client. */
    failCode: async (userId: string, ip: string): Promise<void> => {
      await record('code', userId, ip);
    },

    /**
     * A code attempt, counted as a failure BEFORE the code is checked, then judged by the attempts recorded before it
     * (their ids are smaller): many attempts sent together each see the others, so they cannot all pass the member's
     * budget by reading it before any is recorded (found in review). When it must wait, its row is removed (it was not
     * tried); otherwise the row stays as its failure, and a right code clears the budget (`succeedCode`). `release`
     * removes it when the check could not be made (an error of ours, not a wrong code).
     */
    async reserveCode(userId: string, ip: string): Promise<{ wait: Wait | null; release: () => Promise<void> }> {
      const client = clientKey(ip);
      const id = await record('code', userId, ip);
      const from = since();
      const [account, all] = await Promise.all([
        tally(and(eq(t.step, 'code'), eq(t.account, userId), lt(t.id, id)), from),
        clientTally(client, 'code', userId, id),
      ]);
      const wait = latest([waitOf(account, opts.codeFailures, 'account-code'), waitOf(all, opts.clientFailures, 'client')]);
      const release = async () => {
        await db.delete(t).where(eq(t.id, id));
      };
      if (wait) await release();
      return { wait, release };
    },

    /** A right password: this client's failures on this account are forgiven; nobody else's. */
    async succeedPassword(email: string, ip: string): Promise<void> {
      await db.delete(t).where(and(eq(t.step, 'password'), eq(t.account, accountKey(email)), eq(t.clientKey, clientKey(ip))));
    },

    /** A right code: the account's code budget is whole again (the code step needs the password first). */
    async succeedCode(userId: string): Promise<void> {
      await db.delete(t).where(and(eq(t.step, 'code'), eq(t.account, userId)));
    },

    /**
     * An administrator's unlock: the account's own failures, from every client — its wrong passwords (by e-mail) and
     * its wrong codes (by member id) — are deleted, and the moment is remembered for the account and each client that
     * had failed on it, so that when this account is judged, their client-wide counts start from the unlock: the
     * member's own client, past its allowance with failures on colleagues' accounts too, is not kept waiting (issue
     * #42). Those failures still count when the client tries any other account, at either step — an unlock of one's
     * own account must not buy guesses at the administrator's (found in review). A stranger's client that tried this
     * account starts its allowance for it again too: once per unlock, which an administrator grants knowingly. Answers
     * how many failures it forgot.
     */
    async unlock(email: string, userId: string): Promise<number> {
      const at = now();
      const ofAccount = or(and(eq(t.step, 'password'), eq(t.account, accountKey(email))), and(eq(t.step, 'code'), eq(t.account, userId)));
      const gone = await db.delete(t).where(ofAccount).returning({ clientKey: t.clientKey });
      const clients = [...new Set(gone.map((row) => row.clientKey))];
      if (clients.length) {
        await db
          .insert(u)
          .values(
            clients.flatMap((clientKey) => [
              { step: 'password' as const, account: accountKey(email), clientKey, at },
              { step: 'code' as const, account: userId, clientKey, at },
            ]),
          )
          .onConflictDoUpdate({ target: [u.step, u.account, u.clientKey], set: { at } });
      }
      // An unlock older than the window leaves out nothing that still counts.
      await db.delete(u).where(lt(u.at, since()));
      return gone.length;
    },

    /** The account's failures within the window, both steps, every client: what the users screen shows. */
    async accountFailures(email: string, userId: string): Promise<number> {
      const s = await tally(or(and(eq(t.step, 'password'), eq(t.account, accountKey(email))), and(eq(t.step, 'code'), eq(t.account, userId))), since());
      return s.n;
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
