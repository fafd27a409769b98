/**
 * Throughput of server-rendered pages: the production build on a fresh seeded database, measured with
 * autocannon from this process. Prints req/s and latency for a few pages, and the home page's weight.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startServer } from '../../tests/support/server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

async function measure(url: string, connections = 20): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: DURATION_S, headers: { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 Chrome/156 bench' } });
}

/** JS and CSS the home page loads (modulepreload + stylesheet links), gzip-compressed. */
async function pageWeight(base: string): Promise<{ js: number; css: number; html: number }> {
  const html = await (await fetch(`${base}/`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/156' } })).text();
  const files = [...html.matchAll(/<link [^>]*rel="(modulepreload|stylesheet)"[^>]*>/g)]
    .map((m) => ({ kind: m[1], path: /href="(\/assets\/[^"]+)"/.exec(m[0])?.[1] ?? '' }))
    .filter((f) => f.path);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(`build/client${file.path}`), { level: 9 }).length;
    if (file.kind === 'stylesheet') css += size;
    else js += size;
  }
  return { js, css, html: gzipSync(html, { level: 9 }).length };
}

export async function run(): Promise<void> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const weight = await pageWeight(server.url);
    console.info(
      `home page weight (gzip): JS ${(weight.js / 1024).toFixed(1)} KiB, CSS ${(weight.css / 1024).toFixed(1)} KiB, HTML ${(weight.html / 1024).toFixed(1)} KiB`,
    );
    console.info('\npage                      req/s     p50 ms   p99 ms');
    for (const path of ['/', '/en/contacts', '/privacy', '/healthz']) {
      await autocannon({ url: server.url + path, connections: 10, duration: 2, headers: { 'user-agent': 'Mozilla/5.0 Chrome/156 bench' } }); // warm-up
      const result = await measure(server.url + path);
      console.info(
        `${path.padEnd(24)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)}${result.non2xx ? `  (${result.non2xx} non-2xx)` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
