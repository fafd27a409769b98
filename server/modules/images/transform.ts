import sharp, { type Metadata, type Sharp } from 'sharp';
import { DEFAULT_QUALITY, type ImageOptions, type OutputFormat } from '#core/image/types.ts';
import { ImageProxyError } from './errors.ts';
import { planResize } from './geometry.ts';
import type { LoadedSource } from './sources.ts';

export type TransformLimits = { maxDimension: number; maxSourcePixels: number; timeoutS: number };
export type TransformResult = { data: Buffer; format: OutputFormat; width: number; height: number };

/** Source formats the proxy decodes. SVG is left out on purpose: rendering untrusted vector input is its own risk. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']);
/** Output when no format is asked: the source's own, where the proxy can write it. */
const SAME_FORMAT: Record<string, OutputFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp' };

export const CONTENT_TYPES: Record<OutputFormat, string> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };

/** One source in, one encoded variant out. Reads the header first so that bombs and non-images never get decoded. */
export async function transformImage(source: LoadedSource, options: ImageOptions, limits: TransformLimits): Promise<TransformResult> {
  const input = source.kind === 'file' ? source.path : source.data;
  let meta: Metadata;
  try {
    // Header only, no pixel limit yet: the limit is checked below with a message that gives the sizes.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageProxyError('unsupported_source', 'The source is not an image the proxy can read.', { cause: error });
  }
  if (!meta.format || !READABLE.has(meta.format)) {
    throw new ImageProxyError('unsupported_source', `Source images in "${meta.format ?? 'unknown'}" format are not supported.`);
  }
  const pixels = meta.width * meta.height;
  if (pixels > limits.maxSourcePixels) {
    const mp = (n: number) => `${Math.round(n / 1e5) / 10} MP`;
    throw new ImageProxyError('source_too_large', `The source is ${meta.width}×${meta.height} (${mp(pixels)}), above the ${mp(limits.maxSourcePixels)} limit.`);
  }

  const format = options.format ?? SAME_FORMAT[meta.format] ?? 'png';
  const plan = planResize(meta.autoOrient, options, limits.maxDimension);
  // The pixel limit stays on for decoding, as a second line behind the header check.
  // failOn 'warning' (sharp's default, kept explicit): a truncated upload fails instead of showing half grey.
  let pipeline = sharp(input, { limitInputPixels: limits.maxSourcePixels, failOn: 'warning', sequentialRead: true }).autoOrient();
  if (plan.smart && plan.crop) {
    pipeline = pipeline.resize(plan.crop.width, plan.crop.height, { fit: 'cover', position: sharp.strategy.attention });
  } else {
    if (plan.resize.width !== meta.autoOrient.width || plan.resize.height !== meta.autoOrient.height) {
      pipeline = pipeline.resize(plan.resize.width, plan.resize.height, { fit: 'fill' });
    }
    if (plan.crop) pipeline = pipeline.extract(plan.crop);
  }
  // JPEG has no transparency: without a background asked for, transparent areas become white, not black.
  const background = options.background ?? (format === 'jpeg' && meta.hasAlpha ? 'ffffff' : undefined);
  if (background) pipeline = pipeline.flatten({ background: `#${background}` });
  // libvips refuses sigmas below 0.3, which would not show anyway.
  if (options.blur) pipeline = pipeline.blur(Math.max(0.3, options.blur));

  try {
    const { data, info } = await encode(pipeline, format, options.quality || DEFAULT_QUALITY)
      .timeout({ seconds: limits.timeoutS })
      .toBuffer({ resolveWithObject: true });
    return { data, format, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message)) {
      throw new ImageProxyError('timeout', 'Processing the image took too long.', { cause: error });
    }
    throw new ImageProxyError('source_unreadable', 'The source image is damaged or cannot be decoded.', { cause: error });
  }
}

function encode(pipeline: Sharp, format: OutputFormat, quality: number): Sharp {
  switch (format) {
    case 'webp':
      return pipeline.webp({ quality });
    case 'jpeg':
      return pipeline.jpeg({ quality });
    case 'png':
      // PNG is lossless: quality does not apply (as in imgproxy), so plans and logos stay crisp.
      return pipeline.png();
  }
}
