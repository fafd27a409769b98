import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { alertMessages, alertSubscriptions } from '../../db/schema/index.ts';
import { safeError } from '../../logger.ts';
import type { AlertService, AlertSubscription, ChangeRow } from './service.ts';
import { confirmMail, digestMail, type AlertMail, type MailSite } from './mail.ts';
import { backoffMs } from '../leads/index.ts';
import { createPollingLoop } from '../../jobs/polling-loop.ts';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** Sends one message to one address; the Message-ID makes a resend after a crash recognisable as the same message. */
export type AlertSender = { send(to: string, mail: AlertMail & { messageId: string }): Promise<void>; close?(): Promise<void> };

export function smtpAlertSender(options: { smtpUrl: string; from: string; timeoutMs: number }): AlertSender {
  const transporter = nodemailer.createTransport(options.smtpUrl, {
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  } as Record<string, unknown>);
  return {
    async send(to, mail) {
      await transporter.sendMail({ from: options.from, to, subject: mail.subject, text: mail.text, messageId: mail.messageId, headers: mail.headers });
    },
    async close() {
      transporter.close();
    },
  };
}

export type AlertOutboxOptions = {
  db: Db;
  alerts: AlertService;
  sender: AlertSender;
  site: MailSite;
  log: Logger;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** How long a claimed message stays reserved: a worker that died holding it frees it after this. */
  leaseMs: number;
  batch?: number;
  /**
   * Messages in flight at once. A crash between the SMTP server's acceptance and the row's mark sends those again
   * (same Message-ID): this bounds the redeliveries per crash.
   */
  concurrency?: number;
};

/**
 * The alerts' delivery job (ADR 021), the lead outbox's pattern (ADR 006): due rows of `alert_messages` are claimed
 * with `FOR UPDATE SKIP LOCKED` and a lease; the batch is composed (a confirmation, or the digest of its change),
 * then sent over SMTP, each marked delivered right after the SMTP server accepted it. A process killed mid-send
 * leaves its rows leased; they come back when the lease ends (only a message accepted in the moment before its mark
 * committed is sent again, with the same Message-ID). The subscriber's address is never logged: the subscription id
 * is.
 */
export function createAlertOutbox(options: AlertOutboxOptions) {
  const { db, alerts, sender, site, log } = options;
  const batch = options.batch ?? 25;
  const concurrency = options.concurrency ?? 4;
  /** One change's history rows, read once for all its digests. */
  const changes = new Map<number, Promise<ChangeRow[]>>();

  function rowsOf(change: number): Promise<ChangeRow[]> {
    let rows = changes.get(change);
    if (!rows) {
      if (changes.size > 8) changes.clear();
      rows = alerts.changeRows(change);
      rows.catch(() => changes.delete(change));
      changes.set(change, rows);
    }
    return rows;
  }

  type Claimed = { id: number; subscriptionId: string; kind: 'confirm' | 'digest'; change: number; attempts: number };

  async function finish(row: Claimed, outcome: 'sent' | 'empty' | 'inactive') {
    await db.update(alertMessages).set({ deliveredAt: new Date(), lockedUntil: null, lastError: null, outcome }).where(eq(alertMessages.id, row.id));
  }

  /** A message that could not be composed or sent comes back later (backoff); its address is never logged. */
  async function failed(row: Claimed, error: unknown) {
    const message = safeError(error).message;
    const delay = backoffMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
    await db
      .update(alertMessages)
      .set({ nextAttemptAt: new Date(Date.now() + delay), lockedUntil: null, lastError: message.slice(0, 500) })
      .where(eq(alertMessages.id, row.id));
    const entry = {
      subscription: row.subscriptionId,
      kind: row.kind,
      change: row.change,
      attempts: row.attempts,
      retryInMs: delay,
      errorClass: safeError(error).type,
    };
    if (row.attempts >= 5) log.error(entry, 'alert message keeps failing');
    else log.warn(entry, 'alert message failed; will retry');
  }

  type Ready = { row: Claimed; to: string; mail: AlertMail & { messageId: string } };

  /** The message a claimed row stands for, or null when it is finished without one (marked here). */
  async function compose(row: Claimed, sub: AlertSubscription | undefined): Promise<Ready | null> {
    try {
      // Unsubscribed (or gone) meanwhile: nothing more is sent.
      if (!sub || sub.unsubscribedAt || (row.kind === 'digest' && !sub.confirmedAt)) return (await finish(row, 'inactive'), null);
      let mail: AlertMail;
      if (row.kind === 'confirm') {
        const [lot] = sub.kind === 'lot' ? await alerts.lotCards([String(sub.lotId)], sub.locale) : [];
        mail = confirmMail(site, sub, lot ?? null);
      } else {
        const digest = await alerts.digest(sub, row.change, await rowsOf(row.change));
        if (!digest) return (await finish(row, 'empty'), null);
        mail = digestMail(site, sub, digest);
      }
      return { row, to: sub.email, mail: { ...mail, messageId: `<alert-${row.kind}-${row.change}-${sub.id}@alerts.severnaya-liniya>` } };
    } catch (error) {
      await failed(row, error);
      return null;
    }
  }

  /** Sends one composed message and marks it as soon as the SMTP server accepted it. */
  async function send({ row, to, mail }: Ready) {
    try {
      await sender.send(to, mail);
    } catch (error) {
      return failed(row, error);
    }
    await finish(row, 'sent');
    log.info({ subscription: row.subscriptionId, kind: row.kind, change: row.change, attempts: row.attempts }, 'alert message sent');
  }

  /** Claims and sends one batch of due messages; returns how many it claimed. */
  async function runOnce(now = new Date()): Promise<number> {
    const due = db
      .select({ id: alertMessages.id })
      .from(alertMessages)
      .where(
        and(
          isNull(alertMessages.deliveredAt),
          lte(alertMessages.nextAttemptAt, now),
          or(isNull(alertMessages.lockedUntil), lte(alertMessages.lockedUntil, now)),
        ),
      )
      .orderBy(asc(alertMessages.nextAttemptAt), asc(alertMessages.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    const claimed = (await db
      .update(alertMessages)
      .set({ lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${alertMessages.attempts} + 1` })
      .where(inArray(alertMessages.id, due))
      .returning({
        id: alertMessages.id,
        subscriptionId: alertMessages.subscriptionId,
        kind: alertMessages.kind,
        change: alertMessages.change,
        attempts: alertMessages.attempts,
      })) as Claimed[];
    if (!claimed.length) return 0;
    const subs = await db
      .select()
      .from(alertSubscriptions)
      .where(inArray(alertSubscriptions.id, [...new Set(claimed.map((c) => c.subscriptionId))]));
    const byId = new Map(subs.map((s) => [s.id, s]));
    // Every message of the batch is composed (its reads and its CPU) before any is sent: while messages are in
    // flight, nothing but their marks uses the database connection and the event loop, so each mark follows its
    // acceptance at once. A kill in between is what sends a message twice (same Message-ID); on the embedded
    // database, whose commits happen in this process, a mark queued behind other messages' reads had widened that
    // window several times (ADR 021).
    const ready: Ready[] = [];
    for (const row of claimed) {
      const message = await compose(row, byId.get(row.subscriptionId));
      if (message) ready.push(message);
    }
    // At most `concurrency` in flight, each marked as soon as it is accepted.
    await Promise.all(
      Array.from({ length: Math.min(concurrency, ready.length) }, async () => {
        for (let next = ready.shift(); next; next = ready.shift()) await send(next);
      }),
    );
    return claimed.length;
  }

  async function nextDueInMs(): Promise<number> {
    const [row] = await db
      .select({ next: min(alertMessages.nextAttemptAt) })
      .from(alertMessages)
      .where(isNull(alertMessages.deliveredAt));
    if (!row?.next) return options.pollMs;
    return Math.max(0, Math.min(options.pollMs, new Date(row.next).getTime() - Date.now()));
  }

  const loop = createPollingLoop({ name: 'alert', batch, pollMs: options.pollMs, log, runOnce: () => runOnce(), nextDueInMs });
  return {
    runOnce,
    wake: loop.wake,
    start: loop.start,
    async stop(): Promise<void> {
      await loop.stop();
      await sender.close?.();
    },
  };
}
export type AlertOutbox = ReturnType<typeof createAlertOutbox>;
