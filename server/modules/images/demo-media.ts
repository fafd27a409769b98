import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE, type DemoMediaName } from '#core/image/demo-media.ts';
import { floorPlanScene, interiorScene } from './demo-interior.ts';
import type { Scene } from './demo-scene-kit.ts';
import { courtyardScene, heroScene, landmarkScene, masterplanScene } from './demo-scenes.ts';
import { document, seeded } from './svg.ts';

export { DEMO_MEDIA, DEMO_MEDIA_SIZE, type DemoMediaName } from '#core/image/demo-media.ts';

const SCENES: Record<DemoMediaName, { draw: () => Scene; photo?: boolean }> = {
  hero: { draw: heroScene },
  courtyard: { draw: courtyardScene },
  interior: { draw: interiorScene },
  masterplan: { draw: masterplanScene },
  renderDay: { draw: () => landmarkScene('day') },
  photoDusk: { draw: () => landmarkScene('dusk'), photo: true },
  floorPlan: { draw: floorPlanScene },
};

/**
 * Makes the demo originals that are missing under `mediaDir` and returns every demo path (relative to it).
 * Drawn in code, nothing downloaded; deterministic, so every machine gets the same pictures.
 */
export async function ensureDemoMedia(mediaDir: string): Promise<string[]> {
  const names = Object.keys(DEMO_MEDIA) as DemoMediaName[];
  // In parallel: each SVG renders on one libvips thread, so this uses every core.
  await Promise.all(
    names.map(async (name) => {
      const target = join(mediaDir, DEMO_MEDIA[name]);
      if (await exists(target)) return;
      await mkdir(dirname(target), { recursive: true });
      // Written under a temporary name and renamed, so a crash never leaves half a picture behind.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await renderDemo(name).then((image) => image.toFile(temporary));
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    }),
  );
  return names.map((name) => DEMO_MEDIA[name]);
}

function renderDemo(name: DemoMediaName): Promise<Sharp> {
  const scene = SCENES[name];
  const { body, defs } = scene.draw();
  const svg = Buffer.from(document(body, defs, DEMO_MEDIA_SIZE));
  return scene.photo ? asPhotograph(svg) : Promise.resolve(encode(sharp(svg), name));
}

/** Film grain over the rendered scene: what makes the dusk picture read as a photograph next to the render. */
async function asPhotograph(svg: Buffer): Promise<Sharp> {
  const { width, height } = DEMO_MEDIA_SIZE;
  const rand = seeded(97);
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i += 1) noise[i] = 128 + Math.round((rand() + rand() + rand() - 1.5) * 26);
  const rendered = await sharp(svg).removeAlpha().toBuffer();
  const grain = await sharp(noise, { raw: { width, height, channels: 1 } })
    .blur(0.6)
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return encode(sharp(rendered).composite([{ input: grain, blend: 'soft-light' }]), 'photoDusk');
}

function encode(image: Sharp, name: DemoMediaName): Sharp {
  return DEMO_MEDIA[name].endsWith('.png') ? image.png({ compressionLevel: 9 }) : image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true });
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
