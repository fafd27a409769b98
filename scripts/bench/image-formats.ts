/**
 * Render time per output format: one variant at a time through the proxy's own pipeline (`transformImage`: decode,
 * resize, encode; no HTTP, no cache), for a photograph, a render and a plan among the demo originals (3200×2000), at
 * a card's 1x and 2x. Median of BENCH_FORMAT_RUNS runs (default 5) after one warm-up, in wall time and in this
 * process's CPU time (libvips' threads included; the steadier figure on a shared machine), and each variant's bytes. Part of `npm run bench -- images`; alone:
 *
 *   node scripts/bench/image-formats.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_MEDIA, ensureDemoMedia } from '../../server/modules/images/demo-media.ts';
import type { WantedFormat } from '../../server/modules/images/negotiate.ts';
import { transformImage } from '../../server/modules/images/transform.ts';
import { median } from './stats.ts';

const RUNS = Number(process.env.BENCH_FORMAT_RUNS ?? 5);
const SOURCES = [DEMO_MEDIA.photoDusk, DEMO_MEDIA.hero, DEMO_MEDIA.floorPlan];
const SIZES = [
  [720, 450],
  [1440, 900],
] as const;
/** What the proxy writes: AVIF and WebP when accepted, the fallback (jpeg, or png where needed), and png asked for. */
const FORMATS: WantedFormat[] = ['avif', 'webp', 'fallback', 'png'];
const LIMITS = { maxDimension: 4096, maxSourcePixels: 50_000_000, timeoutS: 120 };

export async function run(mediaDir?: string): Promise<void> {
  const own = mediaDir ? null : await mkdtemp(join(tmpdir(), 'stroy-site-bench-formats-'));
  const dir = mediaDir ?? own!;
  try {
    await ensureDemoMedia(dir);
    sharp.cache(false);
    console.info(`\nrender time per format: one variant at a time, median of ${RUNS}, sharp concurrency ${sharp.concurrency()}`);
    console.info(`${'source'.padEnd(26)}${'size'.padStart(10)}${'format'.padStart(18)}${'wall ms'.padStart(9)}${'CPU ms'.padStart(8)}${'KiB'.padStart(9)}`);
    for (const source of SOURCES) {
      for (const [width, height] of SIZES) {
        for (const wanted of FORMATS) {
          const times: number[] = [];
          const cpu: number[] = [];
          let last = { bytes: 0, format: '' };
          for (let i = 0; i <= RUNS; i += 1) {
            const started = performance.now();
            const used = process.cpuUsage();
            const result = await transformImage({ kind: 'file', path: join(dir, source) }, { width, height, fit: 'fill' }, wanted, LIMITS);
            const spent = process.cpuUsage(used);
            if (i > 0) times.push(performance.now() - started);
            if (i > 0) cpu.push((spent.user + spent.system) / 1000);
            last = { bytes: result.data.byteLength, format: result.format };
          }
          const label = wanted === 'fallback' ? `fallback → ${last.format}` : wanted;
          console.info(
            `${source.padEnd(26)}${`${width}×${height}`.padStart(10)}${label.padStart(18)}${median(times).toFixed(0).padStart(9)}${median(cpu).toFixed(0).padStart(8)}${(last.bytes / 1024).toFixed(1).padStart(9)}`,
          );
        }
      }
    }
  } finally {
    if (own) await rm(own, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await run();
