import { ensureMarks, MARK_SIZE, type Mark } from '../images/index.ts';
import { ensurePartnerLogos } from '../home/index.ts';

/** The demo partner banks' logos (invented banks, invented marks: server/modules/images/marks.ts), served as `/img/…/plain/banks/nord.png`. */
export const BANK_LOGO_SIZE = MARK_SIZE;

export const bankLogoSrc = (bankId: string): string => `banks/${bankId}.png`;

const MARKS: Record<string, Mark> = {
  // Nord Bank: a compass needle pointing north.
  nord: {
    background: '#1f3a5f',
    body: '<path d="M128 40 L156 128 L128 116 L100 128 Z" fill="#ffffff"/><path d="M128 216 L156 128 L128 140 L100 128 Z" fill="#ffffff" opacity="0.45"/>',
  },
  // Stolitsa Bank: a capital's three towers, the middle one spired.
  stolitsa: {
    background: '#8c2131',
    body: '<path d="M72 200 V112 H100 V200 Z M156 200 V112 H184 V200 Z" fill="#ffffff" opacity="0.8"/><path d="M112 200 V96 L128 52 L144 96 V200 Z" fill="#ffffff"/><rect x="60" y="200" width="136" height="10" rx="3" fill="#ffffff"/>',
  },
  // Uralkredit: two mountain peaks.
  uralkredit: {
    background: '#2f5d46',
    body: '<path d="M40 192 L104 84 L140 144 L164 108 L216 192 Z" fill="#ffffff"/>',
  },
  // DomFinance: a house whose door is a rising bar chart.
  domfinance: {
    background: '#1d6f73',
    body: '<path d="M128 52 L212 124 H188 V204 H68 V124 H44 Z" fill="#ffffff"/><rect x="96" y="164" width="14" height="28" fill="#1d6f73"/><rect x="121" y="148" width="14" height="44" fill="#1d6f73"/><rect x="146" y="132" width="14" height="60" fill="#1d6f73"/>',
  },
  // Meridian Bank: a globe crossed by its meridians.
  meridian: {
    background: '#b07a1e',
    body: '<circle cx="128" cy="128" r="76" fill="none" stroke="#ffffff" stroke-width="12"/><ellipse cx="128" cy="128" rx="34" ry="76" fill="none" stroke="#ffffff" stroke-width="10"/><line x1="128" y1="52" x2="128" y2="204" stroke="#ffffff" stroke-width="10"/><line x1="56" y1="128" x2="200" y2="128" stroke="#ffffff" stroke-width="8" opacity="0.7"/>',
  },
};

/** Writes the demo banks' logos (and the home page's other partners') missing under `mediaDir`; returns how many bank logos were drawn. */
export async function ensureBankLogos(mediaDir: string): Promise<number> {
  const drawn = await ensureMarks(mediaDir, MARKS, bankLogoSrc);
  // The home page's other partners are drawn in the same first-start step (counted on their own).
  await ensurePartnerLogos(mediaDir);
  return drawn;
}
