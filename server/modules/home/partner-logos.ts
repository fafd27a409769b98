import { ensureMarks, MARK_SIZE, type Mark } from '../images/index.ts';

/**
 * The demo partners' logos (invented firms, invented marks: server/modules/images/marks.ts), drawn on the first start
 * with the banks' (server/modules/purchase/logos.ts); the page prints each partner's name in the visitor's language beside it.
 */
export const PARTNER_LOGO_SIZE = MARK_SIZE;

export const partnerLogoSrc = (partnerId: string): string => `partners/${partnerId}.png`;

const MARKS: Record<string, Mark> = {
  // An architects' bureau: a set square over a drawing line.
  arkhplan: {
    background: '#3d4a5c',
    body: '<path d="M64 196 L64 60 L196 196 Z" fill="none" stroke="#ffffff" stroke-width="14" stroke-linejoin="round"/><path d="M92 168 L92 128 L132 168 Z" fill="#ffffff"/>',
  },
  // A general contractor: a tower crane.
  stroymontazh: {
    background: '#c2571a',
    body: '<rect x="92" y="70" width="16" height="136" fill="#ffffff"/><rect x="52" y="70" width="156" height="14" fill="#ffffff"/><line x1="184" y1="84" x2="184" y2="132" stroke="#ffffff" stroke-width="6"/><rect x="172" y="132" width="24" height="18" fill="#ffffff"/><rect x="68" y="196" width="64" height="12" rx="3" fill="#ffffff"/>',
  },
  // An estate agency: a key.
  'kvartira-plus': {
    background: '#5b3f8c',
    body: '<circle cx="92" cy="128" r="36" fill="none" stroke="#ffffff" stroke-width="16"/><path d="M124 120 H204 V136 H188 V160 H172 V136 H124 Z" fill="#ffffff"/>',
  },
  // The management company: a house holding a leaf.
  'uyut-service': {
    background: '#2e6b4f',
    body: '<path d="M128 48 L212 120 H188 V204 H68 V120 H44 Z" fill="#ffffff"/><path d="M128 188 C96 164 100 132 128 116 C156 132 160 164 128 188 Z" fill="#2e6b4f"/>',
  },
};

/** Writes the demo partners' logos missing under `mediaDir`; returns how many were drawn. */
export const ensurePartnerLogos = (mediaDir: string): Promise<number> => ensureMarks(mediaDir, MARKS, partnerLogoSrc);
