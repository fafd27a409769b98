/**
 * `npm run bench -- first-visit`: a first visit's page (no cookie) from the site's page cache against a static server
 * sending the same bytes with the same headers, in one run (issue #40, ADR 035). Both ways the issue measures: without
 * compression (what a steering-style benchmark sends) and with brotli. Each answer is checked first: no `Set-Cookie`,
 * `public` with `s-maxage`. Goal: the kept page ≥ 0.8× the static server, every template, both ways.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer } from '../../tests/support/server.ts';
import { TEMPLATES } from './ssr.ts';
import { productionNodeEnv } from './production-node.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL = 0.8;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** A first visit: no cookie at all. */
const WAYS = {
  identity: { 'user-agent': UA, accept: 'text/html' },
  br: { 'user-agent': UA, accept: 'text/html', 'accept-encoding': 'br' },
} satisfies Record<string, Record<string, string>>;

const STATIC_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const pages = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const bodies = new Map(Object.entries(pages).map(([key, p]) => [key, { body: Buffer.from(p.body, 'base64'), headers: p.headers }]));
http.createServer((req, res) => {
  const page = bodies.get(req.url);
  if (!page) { res.statusCode = 404; return res.end(); }
  res.writeHead(200, { ...page.headers, 'content-length': page.body.length });
  res.end(page.body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));
`;

type Saved = { body: string; headers: Record<string, string> };

function get(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
      })
      .on('error', reject);
  });
}

async function measure(url: string, headers: Record<string, string>): Promise<{ rps: number; errors: number }> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, errors: result.non2xx + result.errors };
}

export async function run(): Promise<void> {
  // As `npm start` runs Node (production-node.ts).
  const site = await startServer({ LOG_LEVEL: 'warn', LOAD_MAX_IN_FLIGHT: '0', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...productionNodeEnv() });
  const saved: Record<string, Saved> = {};
  const problems: string[] = [];
  for (const [way, headers] of Object.entries(WAYS)) {
    for (const [, path] of TEMPLATES) {
      await get(site.url + path, headers); // rendered and kept
      const answer = await get(site.url + path, headers);
      if (answer.headers['set-cookie']) problems.push(`${path} (${way}) sets a cookie`);
      if (!/^public\b.*s-maxage=/.test(String(answer.headers['cache-control']))) problems.push(`${path} (${way}) is ${answer.headers['cache-control']}`);
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (typeof value === 'string' && !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) kept[name] = value;
      saved[`${path}?${way}`] = { body: answer.body.toString('base64'), headers: kept };
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-first-visit-'));
  writeFileSync(join(dir, 'pages.json'), JSON.stringify(saved));
  const port = await freePort();
  const statik = spawn(process.execPath, ['-e', STATIC_SERVER, join(dir, 'pages.json'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => statik.stdout!.once('data', () => resolve()));
  try {
    console.info(`first visits (no cookie): ${CONNECTIONS} connections, ${DURATION_S} s each; req/s, kept page / static server`);
    for (const problem of problems) console.info(`FAIL ${problem}`);
    let worst = Infinity;
    for (const [way, headers] of Object.entries(WAYS)) {
      console.info(`\n${way}\n${'template'.padEnd(12)} ${'bytes'.padStart(7)} ${'static'.padStart(8)} ${'kept'.padStart(8)} ${'×'.padStart(6)}`);
      for (const [name, path] of TEMPLATES) {
        const s = await measure(`http://127.0.0.1:${port}${path}?${way}`, headers);
        const k = await measure(site.url + path, headers);
        const ratio = k.rps / s.rps;
        worst = Math.min(worst, ratio);
        const bytes = Buffer.from(saved[`${path}?${way}`]!.body, 'base64').length;
        const mark = s.errors || k.errors ? ' !' : '';
        console.info(
          `${name.padEnd(12)} ${String(bytes).padStart(7)} ${s.rps.toFixed(0).padStart(8)} ${k.rps.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(6)}${mark}`,
        );
      }
    }
    const pass = worst >= GOAL && problems.length === 0;
    console.info(`\n${pass ? 'PASS' : 'FAIL'} worst ratio ${worst.toFixed(2)}× (goal ≥ ${GOAL}×); '!' marks a run with non-2xx answers or errors`);
  } finally {
    statik.kill();
    rmSync(dir, { recursive: true, force: true });
    await site.stop();
  }
}
