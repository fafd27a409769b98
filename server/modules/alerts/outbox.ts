import { inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { alertMessages, alertSubscriptions } from '../../db/schema/index.ts';
import type { AlertService, AlertSubscription, ChangeRow } from './service.ts';
import { confirmMail, digestMail, type AlertMail, type MailSite } from './mail.ts';
import { createOutbox, type OutboxLogger, type OutboxMarks, type OutboxMessage } from '../../jobs/outbox.ts';

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
  log: OutboxLogger;
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

type Claimed = { id: number; subscriptionId: string; kind: 'confirm' | 'digest'; change: number; attempts: number };

/**
 * The alerts' delivery job (ADR 021), on the host's outbox (server/jobs/outbox.ts) like the leads' (ADR 006): due
 * rows of `alert_messages` are claimed with a lease; the batch is composed (a confirmation, or the digest of its
 * change), then sent over SMTP, at most `concurrency` at once, each marked delivered right after the SMTP server
 * accepted it (only a message accepted in the moment before its mark committed is sent again after a kill, with the
 * same Message-ID). The subscriber's address is never logged: the subscription id is.
 */
export function createAlertOutbox(options: AlertOutboxOptions) {
  const { db, alerts, sender, site } = options;
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

  /** The message a claimed row stands for, or null when it is finished without one (marked here). */
  async function compose(
    row: Claimed,
    sub: AlertSubscription | undefined,
    marks: OutboxMarks<Claimed, typeof alertMessages>,
  ): Promise<OutboxMessage<Claimed> | null> {
    try {
      // Unsubscribed (or gone) meanwhile: nothing more is sent.
      if (!sub || sub.unsubscribedAt || (row.kind === 'digest' && !sub.confirmedAt)) return (await marks.delivered(row, { outcome: 'inactive' }), null);
      let mail: AlertMail;
      if (row.kind === 'confirm') {
        const [lot] = sub.kind === 'lot' ? await alerts.lotCards([String(sub.lotId)], sub.locale) : [];
        mail = confirmMail(site, sub, lot ?? null);
      } else {
        const digest = await alerts.digest(sub, row.change, await rowsOf(row.change));
        if (!digest) return (await marks.delivered(row, { outcome: 'empty' }), null);
        mail = digestMail(site, sub, digest);
      }
      const message = { ...mail, messageId: `<alert-${row.kind}-${row.change}-${sub.id}@alerts.severnaya-liniya>` };
      return { row, send: () => sender.send(sub.email, message) };
    } catch (error) {
      await marks.failed(row, error);
      return null;
    }
  }

  return createOutbox<Claimed, typeof alertMessages>({
    name: 'alert',
    db,
    table: alertMessages,
    claimed: {
      id: alertMessages.id,
      subscriptionId: alertMessages.subscriptionId,
      kind: alertMessages.kind,
      change: alertMessages.change,
      attempts: alertMessages.attempts,
    },
    async compose(claimed, marks) {
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
      const ready: OutboxMessage<Claimed>[] = [];
      for (const row of claimed) {
        const message = await compose(row, byId.get(row.subscriptionId), marks);
        if (message) ready.push(message);
      }
      return ready;
    },
    sentColumns: { outcome: 'sent' },
    log: options.log,
    describe: (row) => ({ subscription: row.subscriptionId, kind: row.kind, change: row.change, attempts: row.attempts }),
    lines: { sent: 'alert message sent', failed: 'alert message failed; will retry', keepsFailing: 'alert message keeps failing' },
    close: async () => sender.close?.(),
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    batch: options.batch,
    concurrency: options.concurrency ?? 4,
  });
}
export type AlertOutbox = ReturnType<typeof createAlertOutbox>;
