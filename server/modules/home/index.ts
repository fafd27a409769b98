/**
 * The home domain: the home page's blocks (service.ts: slider, selector, partners) and stories (stories.ts), their
 * API calls (routes*.ts) and the demo partners' logos (partner-logos.ts).
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { PARTNER_LOGO_SIZE, ensurePartnerLogos } from './partner-logos.ts';
