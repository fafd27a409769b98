import { createHmac } from 'node:crypto';
import { and, count, eq, gte, isNotNull, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads } from './schema.ts';
import type { LeadSettings } from './settings.ts';
import type { Tx } from './store.ts';
import { clientNetwork } from '../../lib/client-network.ts';

/** The lead service's settings and the moment its budgets count from, shared by its parts. */
export type LeadState = { settings: LeadSettings; limitsSince: Date };

/** How long a lead keeps its client-address key: past every window the key is counted in. */
export const CLIENT_KEY_RETENTION_MS = 24 * 3600_000;
const CAPTCHA_WINDOW_MS = 3600_000;

/**
 * The request budgets (ADR 006, issue 10): leads per client address and per phone in a window, and when a client
 * must solve a proof of work. Counted in the database, so every instance sees the same budgets.
 */
export function createBudgets(db: Db, state: LeadState) {
  /** Leads committed within `windowMs` matching `where`, and when the oldest of them was made. */
  async function recent(q: Db | Tx, where: ReturnType<typeof eq>, windowMs: number, now: Date): Promise<{ n: number; oldest: Date | null }> {
    const since = new Date(Math.max(now.getTime() - windowMs, state.limitsSince.getTime()));
    const [row] = await q
      .select({ n: count(), oldest: min(leads.createdAt) })
      .from(leads)
      .where(and(where, gte(leads.createdAt, since)));
    return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  const retryAfterS = (oldest: Date | null, windowMs: number, now: Date) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));

  return {
    /** The client's address as stored and counted: a keyed hash, the same on every instance sharing ANTIBOT_SALT. */
    clientKey(ip: string): string {
      return createHmac('sha256', state.settings.clientSalt)
        .update(`lead-client:${clientNetwork(ip)}`)
        .digest('base64url')
        .slice(0, 32);
    },

    async captchaRequired(q: Db | Tx, client: string, now: Date): Promise<boolean> {
      const { captchaMode, captchaAutoAfter } = state.settings;
      if (captchaMode === 'always') return true;
      if (captchaMode === 'off') return false;
      return (await recent(q, eq(leads.clientKey, client), CAPTCHA_WINDOW_MS, now)).n >= captchaAutoAfter;
    },

    /** Seconds until the client's or the phone's budget has room again; null while both have room. */
    async exhausted(tx: Tx, client: string, phone: string | null, now: Date): Promise<number | null> {
      const { ipWindowMs, ipLimit, phoneWindowMs, phoneLimit } = state.settings;
      const byClient = await recent(tx, eq(leads.clientKey, client), ipWindowMs, now);
      if (byClient.n >= ipLimit) return retryAfterS(byClient.oldest, ipWindowMs, now);
      if (phone) {
        const byPhone = await recent(tx, eq(leads.phone, phone), phoneWindowMs, now);
        if (byPhone.n >= phoneLimit) return retryAfterS(byPhone.oldest, phoneWindowMs, now);
      }
      return null;
    },

    /**
     * Forgets the client-address key of leads older than every window it is counted in (the per-client budget and
     * the CAPTCHA trigger, both at most an hour; a day's margin): the key only serves those budgets, so after that
     * it is pseudonymous personal data kept for nothing. Returns how many leads were cleared.
     */
    async forgetClientKeys(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - Math.max(CLIENT_KEY_RETENTION_MS, state.settings.ipWindowMs, CAPTCHA_WINDOW_MS));
      const cleared = await db
        .update(leads)
        .set({ clientKey: null })
        .where(and(isNotNull(leads.clientKey), lt(leads.createdAt, before)))
        .returning({ id: leads.id });
      return cleared.length;
    },
  };
}
export type Budgets = ReturnType<typeof createBudgets>;
