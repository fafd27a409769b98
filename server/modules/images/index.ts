/**
 * The images domain: the signed image proxy (`/img/…`, REFERENCE "imgproxy"): routes.ts, transform.ts, cache.ts,
 * limiter.ts; and the drawing helpers the demo content's pictures are made with (svg.ts, marks.ts, demo-*.ts).
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { MARK_SIZE, ensureMarks, exists, writeSvgAsPng, type Mark } from './marks.ts';
export { toImageProxyOptions } from './config.ts';
export { createImageSigner } from './signature.ts';
export { MediaSources } from './sources.ts';
export { circle, line, linear, polygon, rect, seeded, type Rand } from './svg.ts';
