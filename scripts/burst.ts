/**
 * `npm run test:burst`: visitors' writes are not turned away while the server is busy (issue 38, finding 11; ADR 010).
 * The production server on the seeded demo, with the default admission; 50 connections ask, again and again, for
 * filter pages no cache keeps (a price bound of their own each time); once each has had an answer, 100 clients —
 * one connection each — send a lead at the same moment. Every lead must be taken (201), none answered 503; pages may be
 * shed. Nothing here is timed: the run reports how long things took, and asserts only counts.
 *
 * BURST_LEADS (100) and BURST_BUSY (50) change the numbers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Client, Pool } from 'undici';
import { antibotHeaders } from '../core/http/antibot.ts';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../tests/support/server.ts';

const LEADS = Number(process.env.BURST_LEADS ?? 100);
const BUSY = Number(process.env.BURST_BUSY ?? 50);
const CSRF = randomBytes(32).toString('base64url');
const config = loadConfig({ NODE_ENV: 'test' });

if (!existsSync('build/server/index.js')) execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });

const server = await startServer({
  LOG_LEVEL: 'warn',
  // The production default (startServer turns it off for browser tests on a loaded machine): shedding as it ships.
  LOAD_MAX_EVENT_LOOP_DELAY_MS: '1000',
  CAPTCHA_MODE: 'off',
  LEADS_IP_LIMIT: '1000000',
  LEADS_PHONE_LIMIT: '1000000',
});
const origin = server.url;
const started = Date.now();
let ok = false;
try {
  // The busy connections: each asks for a filter page no one asked for before, as soon as its last one is answered.
  const pool = new Pool(origin, { connections: BUSY, pipelining: 1 });
  const pages = { answered: 0, shed: 0, other: 0, failed: 0 };
  const firstAnswers = new Set<number>();
  let stop = false;
  let sequence = 0;
  const busy = Array.from({ length: BUSY }, async (_, connection) => {
    while (!stop) {
      const price = 3_000_000 + sequence++ * 1_000;
      try {
        const { statusCode, body } = await pool.request({
          method: 'GET',
          path: `/en/filter?price_max=${price}`,
          headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0', accept: 'text/html' },
        });
        await body.dump();
        if (statusCode === 200) pages.answered++;
        else if (statusCode === 503) pages.shed++;
        else pages.other++;
      } catch {
        pages.failed++;
      }
      firstAnswers.add(connection);
    }
  });
  while (firstAnswers.size < BUSY) await new Promise((resolve) => setTimeout(resolve, 50));
  const busySince = Date.now();

  // The leads: one client and one connection each, all sent at once.
  const url = '/api/request/';
  const clients = Array.from({ length: LEADS }, () => new Client(origin, { pipelining: 1 }));
  const leads = await Promise.all(
    clients.map(async (client, i) => {
      const { statusCode, body } = await client.request({
        method: 'POST',
        path: url,
        headers: {
          'content-type': 'application/json',
          origin,
          cookie: `csrftoken=${CSRF}`,
          'x-csrftoken': CSRF,
          'idempotency-key': randomUUID(),
          ...antibotHeaders(config.ANTIBOT_SALT, '1', url),
        },
        body: JSON.stringify({ name: 'Всплеск', phone: `+7916${String(2_000_000 + i).slice(-7)}`, consent: true, page_url: '/en/contacts' }),
      });
      const text = await body.text();
      return { status: statusCode, id: statusCode === 201 ? (JSON.parse(text) as { id: string }).id : null, text };
    }),
  );
  const leadsTookMs = Date.now() - busySince;
  stop = true;
  await Promise.all(busy);
  await pool.close();
  await Promise.all(clients.map((client) => client.close()));

  const byStatus = new Map<number, number>();
  for (const lead of leads) byStatus.set(lead.status, (byStatus.get(lead.status) ?? 0) + 1);
  const ids = new Set(leads.flatMap((lead) => (lead.id ? [lead.id] : [])));
  const shed = byStatus.get(503) ?? 0;
  ok = shed === 0 && (byStatus.get(201) ?? 0) === LEADS && ids.size === LEADS;
  console.info(
    `burst: ${LEADS} leads at once while ${BUSY} connections asked for uncached filter pages: ${[...byStatus]
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')} (${ids.size} distinct leads), all answered within ${(leadsTookMs / 1000).toFixed(1)} s`,
  );
  console.info(
    `burst: pages meanwhile: ${pages.answered} answered, ${pages.shed} shed (503), ${pages.other} other, ${pages.failed} failed, over ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) {
    const sample = leads.find((lead) => lead.status !== 201);
    if (sample) console.error(`burst: a lead not taken: ${sample.status} ${sample.text.slice(0, 300)}`);
    console.error(server.output().slice(-4000));
  }
  console.info(`burst: ${ok ? 'OK' : 'FAILED'}`);
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
