import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadDeliveries } from '#server/db/schema/index.ts';
import { createLeadOutbox } from '#server/modules/leads/outbox.ts';
import { crmTransport } from '#server/modules/leads/delivery/crm.ts';
import { emailTransport } from '#server/modules/leads/delivery/email.ts';
import { leadSettingsFromConfig } from '#server/modules/leads/settings.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { fakeCrm, fakeSmtp } from '../../support/leads-fakes.ts';

const SECRET = 'test-secret-0123456789';
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(ENGINES)('lead outbox on %s', (engine) => {
  let t: TestApp;
  let crm: Awaited<ReturnType<typeof fakeCrm>>;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  beforeAll(async () => {
    crm = await fakeCrm(SECRET);
    smtp = await fakeSmtp();
    t = await testApp(engine, {
      CRM_WEBHOOK_URL: crm.url,
      CRM_WEBHOOK_SECRET: SECRET,
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: 'sales@example.ru',
      CAPTCHA_MODE: 'off',
      LEADS_IP_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await t?.dispose();
    await crm?.close();
    await smtp?.close();
  });

  function outbox(over: { leaseMs?: number; retryBaseMs?: number; retryMaxMs?: number } = {}) {
    return createLeadOutbox({
      db: t.services.database.db,
      transports: {
        crm: crmTransport({ url: crm.url, secret: SECRET, timeoutMs: 2000 }),
        email: emailTransport({ smtpUrl: smtp.url, to: 'sales@example.ru', from: 'site@example.ru', timeoutMs: 2000 }),
      },
      metrics: t.services.leads.metrics,
      log: silent,
      retryBaseMs: over.retryBaseMs ?? 20,
      retryMaxMs: over.retryMaxMs ?? 100,
      pollMs: 50,
      leaseMs: over.leaseMs ?? 5000,
    });
  }

  async function submit(name = 'Анна') {
    const outcome = await t.services.leads.submit(
      'request',
      { name, phone: `+7916${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, email: 'anna@example.ru', consent: true, page_url: '/projects/1' },
      { locale: 'en', ip: '127.0.0.1', idempotencyKey: randomUUID(), source: 'api' },
    );
    if (outcome.type !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    return outcome.answer.id;
  }

  async function deliveries(leadId: string) {
    return t.services.database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
  }

  it('delivers a lead to the CRM, signed, and by e-mail, once each', async () => {
    const id = await submit();
    const job = outbox();
    expect(await job.runOnce()).toBe(2);
    expect(await job.runOnce()).toBe(0);
    const receipts = crm.receipts.filter((r) => r.id === id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.signatureOk).toBe(true);
    expect(receipts[0]!.body).toMatchObject({
      id,
      kind: 'request',
      locale: 'en',
      manager_language: 'en',
      contact: { name: 'Анна', email: 'anna@example.ru' },
      context: { page_url: '/projects/1' },
    });
    const mail = smtp.messages.find((m) => m.includes(id));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/Message-ID: <[^>]+@leads\.severnaya-liniya>/i);
    expect((await deliveries(id)).every((d) => d.deliveredAt !== null && d.attempts === 1)).toBe(true);
    await job.stop();
  });

  /** A moment `ms` from now: the job is asked what is due then, so no test waits for a backoff or a lease. */
  const later = (ms: number) => new Date(Date.now() + ms);

  it('retries with backoff while the CRM fails, then delivers exactly once', async () => {
    const id = await submit();
    const job = outbox({ retryBaseMs: 60_000, retryMaxMs: 600_000 });
    crm.state.failing = true;
    try {
      await job.runOnce();
      let [crmRow] = (await deliveries(id)).filter((d) => d.channel === 'crm');
      expect(crmRow).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'CRM webhook answered 503', lockedUntil: null });
      // Not due again before its backoff (48–72 s after the first failure), due after it.
      expect(await job.runOnce()).toBe(0);
      expect(await job.runOnce(later(30_000))).toBe(0);
      expect(await job.runOnce(later(2 * 60_000))).toBe(1);
      crm.state.failing = false;
      // The second failure doubled the backoff: 96–144 s.
      expect(await job.runOnce(later(90_000))).toBe(0);
      expect(await job.runOnce(later(10 * 60_000))).toBe(1);
      [crmRow] = (await deliveries(id)).filter((d) => d.channel === 'crm');
      expect(crmRow!.deliveredAt).not.toBeNull();
      expect(crmRow!.attempts).toBe(3);
      expect(crm.receipts.filter((r) => r.id === id)).toHaveLength(1);
      expect(t.services.leads.metrics.deliveries.get({ channel: 'crm', outcome: 'failure' })).toBeGreaterThanOrEqual(2);
      expect(await job.runOnce(later(60 * 60_000))).toBe(0);
    } finally {
      crm.state.failing = false;
      await job.stop();
    }
  });

  it('takes over a delivery whose worker died holding it, once the lease ran out', async () => {
    const id = await submit();
    const dead = outbox({ leaseMs: 60_000 });
    // A claim that is never finished: what a SIGKILLed worker leaves behind.
    await t.services.database.db
      .update(leadDeliveries)
      .set({ lockedUntil: later(60_000), attempts: 1 })
      .where(eq(leadDeliveries.leadId, id));
    expect(await dead.runOnce()).toBe(0);
    expect(await dead.runOnce(later(61_000))).toBe(2);
    expect((await deliveries(id)).every((d) => d.deliveredAt && d.attempts === 2)).toBe(true);
    await dead.stop();
  });

  it('runs in the background, woken by each committed lead, and stops cleanly', async () => {
    const job = outbox();
    const off = t.services.leads.onCommitted(() => job.wake());
    job.start();
    const ids = await Promise.all([submit(), submit(), submit()]);
    await expect.poll(() => ids.every((id) => crm.unique.has(id)), { timeout: 5000 }).toBe(true);
    off();
    await job.stop();
    for (const id of ids) expect(crm.receipts.filter((r) => r.id === id)).toHaveLength(1);
  });

  it('creates no outbox rows when no channel is configured', async () => {
    t.services.leads.configure({ ...leadSettingsFromConfig(t.config), channels: [] });
    const id = await submit();
    expect(await deliveries(id)).toEqual([]);
    t.services.leads.configure(leadSettingsFromConfig(t.config));
  });
});
