import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { transformImage } from './transform.ts';

const limits = { maxDimension: 4096, maxSourcePixels: 50_000_000, timeoutS: 30 };

/** A 200×100 picture: its left half red, its right half blue. */
async function halves(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: 100, top: 0 }])
    .png()
    .toBuffer();
}

describe('the crop option on pixels', () => {
  it('cuts the area before the resize: the right half alone, scaled to the box', async () => {
    const result = await transformImage(
      { kind: 'buffer', data: await halves() },
      { crop: { width: 0.5, height: 0, gravity: { x: 0.75, y: 0.5 } }, width: 50, height: 50, fit: 'fill' },
      'png',
      limits,
    );
    expect([result.width, result.height]).toEqual([50, 50]);
    const { data } = await sharp(result.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Every pixel blue: nothing of the red half came through.
    for (let i = 0; i < data.length; i += 3) expect([data[i]! < 20, data[i + 2]! > 230]).toEqual([true, true]);
  });
});
