import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { exists, writeSvgAsPng } from '../../images/index.ts';
import { DEMO_PROJECTS } from './demo-projects.ts';
import { coverSvg, facadeSvg, genplanSvg, progressBuildingSvg, progressSvg } from './drawings.ts';
import { groundPlanSvg, lotPlanSvg, typicalPlanSvg, undergroundPlanSvg } from './plan-drawings.ts';
import { media } from './catalogue-data.ts';
import { PROGRESS_MONTHS } from './demo-progress.ts';
import { LOT_LAYOUT_CODES, lotPlanSrc } from './layouts.ts';

/** The image proxy's media directory: MEDIA_DIR when the config has it, else DATA_DIR/media (its default). */
export function catalogueMediaDir(config: { DATA_DIR: string; MEDIA_DIR?: string }): string {
  return config.MEDIA_DIR ?? join(config.DATA_DIR, 'media');
}

/** One picture to make: its path under the media directory and how to draw it. */
export type MediaJob = { src: string; draw: () => string };

/** Every catalogue picture. Copies in a large catalogue reuse their template's pictures, so this never grows. */
export function catalogueMediaJobs(): MediaJob[] {
  const jobs: MediaJob[] = [];
  for (const bp of DEMO_PROJECTS) {
    jobs.push({ src: media.cover(bp.slug).src, draw: () => coverSvg(bp) });
    jobs.push({ src: media.genplan(bp.slug).src, draw: () => genplanSvg(bp) });
    if (bp.status === 'construction')
      for (const month of PROGRESS_MONTHS) {
        jobs.push({ src: media.progress(bp.slug, month).src, draw: () => progressSvg(bp, month) });
        for (const [i, b] of bp.buildings.entries())
          jobs.push({ src: media.progressBuilding(bp.slug, month, i + 1).src, draw: () => progressBuildingSvg(bp, b, month) });
      }
    for (const [i, b] of bp.buildings.entries()) {
      const n = i + 1;
      jobs.push({ src: media.facade(bp.slug, n).src, draw: () => facadeSvg(bp, b, n) });
      jobs.push({ src: media.plan(bp.slug, n, 'typical').src, draw: () => typicalPlanSvg(b) });
      if (b.commercial > 0) jobs.push({ src: media.plan(bp.slug, n, 'ground').src, draw: () => groundPlanSvg(b) });
      for (const [k, level] of b.underground.entries()) jobs.push({ src: media.plan(bp.slug, n, `u${k + 1}`).src, draw: () => undergroundPlanSvg(level) });
    }
  }
  for (const layout of LOT_LAYOUT_CODES) jobs.push({ src: lotPlanSrc(layout), draw: () => lotPlanSvg(layout) });
  return jobs;
}

/**
 * Writes the catalogue pictures missing under `mediaDir` as PNG (the image proxy makes webp/png variants
 * from them and refuses SVG sources). Deterministic and idempotent: an existing file is left alone.
 * Returns how many were drawn.
 */
export async function ensureCatalogueMedia(mediaDir: string, opts: { force?: boolean } = {}): Promise<number> {
  const jobs = catalogueMediaJobs();
  let drawn = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const target = join(mediaDir, job.src);
      if (!opts.force && (await exists(target))) continue;
      await writeSvgAsPng(target, job.draw(), 6);
      drawn += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return drawn;
}
