import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { ensurePartnerLogos } from '../home/partner-logos.ts';

/**
 * The demo partner banks' logos (invented banks, invented marks), drawn in code as SVG and written as PNG into
 * the media directory on the first start, like the catalogue's pictures: the image proxy refuses SVG sources
 * (server/images/transform.ts), so `/img/…/plain/banks/nord.png` serves them. Marks only, no lettering: the
 * pages print the bank's name beside its logo in the visitor's language, and no font has to be installed.
 */
export const BANK_LOGO_SIZE = { width: 256, height: 256 } as const;

export const bankLogoSrc = (bankId: string): string => `banks/${bankId}.png`;

type Mark = { background: string; body: string };

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

/** The ids of the banks there is a demo mark for. */
export const DEMO_BANK_MARKS: readonly string[] = Object.keys(MARKS);

export function bankLogoSvg(bankId: string): string {
  const mark = MARKS[bankId];
  if (!mark) throw new Error(`No demo mark for bank "${bankId}"`);
  const { width, height } = BANK_LOGO_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" rx="56" fill="${mark.background}"/>${mark.body}</svg>`
  );
}

/** Writes the demo banks' logos (and the home page's other partners') missing under `mediaDir` (an existing file, a bank's real logo, is left alone); returns how many were drawn. */
export async function ensureBankLogos(mediaDir: string): Promise<number> {
  let drawn = 0;
  for (const id of DEMO_BANK_MARKS) {
    const target = join(mediaDir, bankLogoSrc(id));
    if (await exists(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    // A temporary name and a rename: a crash never leaves half a picture behind an immutable URL.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await sharp(Buffer.from(bankLogoSvg(id)))
        .png({ compressionLevel: 9 })
        .toFile(temporary);
      await rename(temporary, target);
      drawn += 1;
    } finally {
      await rm(temporary, { force: true });
    }
  }
  // The home page's other partners are drawn in the same first-start step (counted on their own).
  await ensurePartnerLogos(mediaDir);
  return drawn;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
