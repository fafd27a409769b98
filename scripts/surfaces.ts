/**
 * What the site answers, written to files, so that a change that should alter nothing (a move, a split) can be shown
 * to alter nothing: the server HTML of every template in three languages and the JSON of every GET in the OpenAPI
 * document. Run it before and after, then compare:
 *
 *   node scripts/surfaces.ts --out /tmp/before
 *   node scripts/surfaces.ts --out /tmp/after --compare /tmp/before
 *
 * It starts the production server (`npm run build` first) on a fresh data directory, as a first visitor sees it.
 * The server's clock is fixed (scripts/lib/fixed-clock.ts); per-build and per-request values (build ids, asset
 * hashes, CSP nonces, CSRF tokens, the milliseconds of a time stamp) are masked.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { LOCALES } from '#core/i18n/locales.ts';
import { localized, TEMPLATES } from '#tests/support/templates.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, compare: { type: 'string' } } });
if (!values.out) throw new Error('usage: node scripts/surfaces.ts --out DIR [--compare DIR]');
const out = values.out;

/** Path parameters of the OpenAPI GETs: an id that exists in the demo content. */
const PARAMS: Record<string, string> = {
  id: '1',
  lotId: '1',
  projectId: '1',
  buildingId: '1',
  sectionId: '1',
  floor: '2',
  slug: 'office-opening',
  kind: 'flat',
  project: 'lipovy',
  number: '22',
  programme: 'mortgage',
  portal: 'yandex',
  lang: 'en',
};

/** GETs whose parameters the table above does not fit: one address each that answers with content. */
const ADDRESSES: Record<string, string> = {
  '/api/benefits_project_page/': '/api/benefits_project_page/?project=1',
  '/api/custom_collect/{slug}/': '/api/custom_collect/ready-to-move-in/',
  '/api/commercial/{id}/': '/api/commercial/1749/',
  '/api/features/{clientKey}': '/api/features/sdk-severnaya-demo',
  '/api/massmedia/{key}/': '/api/massmedia/gorod-review-sosnovy/',
  '/api/multilingual_landing/{slug}/': '/api/multilingual_landing/buy-in-moscow/?lang=en',
  '/api/news/{key}/': '/api/news/office-opening/',
  '/api/seo_filter/{slug}/': '/api/seo_filter/mashino-mesta/',
  '/api/seo/get_page_meta/': '/api/seo/get_page_meta/?url=/filter/mashino-mesta',
  '/api/tracking_data/save/': '/api/tracking_data/save/?event=page_view&url=/news',
  '/api/subscription_forms/': '/api/subscription_forms/?url=/news',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Masks what differs between two builds or two requests of the same page. */
export function mask(text: string): string {
  return text
    .replace(/nonce="[^"]*"/g, 'nonce="…"')
    .replace(/'nonce-[^']*'/g, "'nonce-…'")
    .replace(/(["'/])assets\/[\w.-]+-[\w-]{8}\.(js|css)/g, '$1assets/…-hash.$2')
    .replace(/"(csrf|_csrf|csrfToken)"\s*:\s*"[^"]*"/g, '"$1":"…"')
    .replace(/name="_csrf" value="[^"]*"/g, 'name="_csrf" value="…"')
    .replace(/"(build|buildId|version)"\s*:\s*"[^"]*"/g, '"$1":"…"')
    .replace(/(T\d\d:\d\d:\d\d)\.\d{3}Z/g, '$1.…Z');
}

const STREAM_CHUNK = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g;

const sortedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortedKeys)
    : value && typeof value === 'object' && !(value instanceof Date)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
        )
      : value;

/**
 * A page with its hydration data decoded (React Router's turbo-stream) and its keys sorted, the stream's chunks left
 * out of the HTML: two answers that differ only in the order of the data's keys (which follows the client build's
 * chunks) read the same here.
 */
async function canonical(text: string): Promise<string> {
  const chunks = [...text.matchAll(STREAM_CHUNK)].map((match) => JSON.parse(match[1]!) as string);
  if (chunks.length === 0) return text;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const decoded = await decodeTurboStream(body, globalThis as unknown as Window);
  await decoded.done;
  return `${text.replace(STREAM_CHUNK, 'streamController.enqueue(…)')}\n\n${JSON.stringify(sortedKeys(decoded.value), null, 1)}`;
}

const fileName = (path: string): string => (path.replace(/[^\w.-]+/g, '_') || '_') + '.txt';

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'surfaces-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      // Every process of the server (workers too) on one fixed clock, so that the same instants show in both runs.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=./scripts/lib/fixed-clock.ts`,
      FIXED_CLOCK: '2026-11-29T09:00:00.000Z',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (i > 600) throw new Error('server did not start');
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const paths: string[] = ['/api/openapi.json'];
    for (const template of TEMPLATES) for (const lang of LOCALES) paths.push(localized(template, lang));
    const openapi = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, methods] of Object.entries(openapi.paths)) {
      if (!methods.get) continue;
      paths.push(ADDRESSES[path] ?? path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? '1'));
    }
    for (const path of paths) {
      // Two kinds of visitor: none (a first visit) and a JSON client.
      const res = await fetch(base + path, { redirect: 'manual', headers: { 'accept-language': 'ru' } });
      const head = [`${res.status} ${res.headers.get('content-type') ?? ''}`, `location: ${res.headers.get('location') ?? ''}`].join('\n');
      writeFileSync(join(out, fileName(path)), `${path}\n${head}\n\n${mask(await res.text())}`);
    }
    console.log(`${paths.length} answers written to ${out}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (values.compare) {
    const before = new Set(readdirSync(values.compare));
    const after = new Set(readdirSync(out));
    const differ: string[] = [];
    const keyOrder: string[] = [];
    for (const name of new Set([...before, ...after])) {
      if (!before.has(name) || !after.has(name)) {
        differ.push(`${name}: only ${before.has(name) ? 'before' : 'after'}`);
        continue;
      }
      const [was, is] = [readFileSync(join(values.compare, name), 'utf8'), readFileSync(join(out, name), 'utf8')];
      if (was === is) continue;
      if ((await canonical(was)) === (await canonical(is))) keyOrder.push(name);
      else differ.push(name);
    }
    const same = after.size - differ.length - keyOrder.length;
    console.log(`${same} of ${after.size} answers are the same, byte for byte`);
    if (keyOrder.length) console.log(`${keyOrder.length} differ only in the order of their hydration data's keys:\n  ${keyOrder.join('\n  ')}`);
    if (differ.length) console.log(`${differ.length} differ:\n  ${differ.join('\n  ')}`);
    if (differ.length) process.exitCode = 1;
  }
}

await main();
