import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE, ensureDemoMedia } from '#server/modules/images/demo-media.ts';

let dir = '';
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe('demo media', () => {
  it('generates every original once, large and in its declared format', { timeout: 120_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'demo-media-'));
    const paths = await ensureDemoMedia(dir);
    expect(paths).toEqual(Object.values(DEMO_MEDIA));
    for (const path of paths) {
      const meta = await sharp(join(dir, path)).metadata();
      expect([meta.width, meta.height]).toEqual([DEMO_MEDIA_SIZE.width, DEMO_MEDIA_SIZE.height]);
      expect(meta.format).toBe(path.endsWith('.png') ? 'png' : 'jpeg');
      // A real picture, not a flat fill: its channels vary.
      const { channels } = await sharp(join(dir, path)).stats();
      expect(channels[0]?.stdev).toBeGreaterThan(10);
    }
    const before = await stat(join(dir, DEMO_MEDIA.hero));
    await ensureDemoMedia(dir);
    expect((await stat(join(dir, DEMO_MEDIA.hero))).mtimeMs).toBe(before.mtimeMs);
  });
});
