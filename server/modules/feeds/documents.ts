import { PORTALS, type Portal } from '#core/feeds/portals.ts';
import { collectListings, type LeftOut, type Listings } from './listing.ts';
import { avitoFeed } from './portals/avito.ts';
import { cianFeed, domclickFeed } from './portals/cian.ts';
import type { PortalFeed } from './portals/types.ts';
import { yandexFeed } from './portals/yandex.ts';
import { at, readXml, textOf, writeDocument, type XmlElement } from './xml.ts';

export { collectListings } from './listing.ts';

/** Every portal's feed, in PORTALS order. */
export const FEEDS: Record<Portal, PortalFeed> = { yandex: yandexFeed, cian: cianFeed, avito: avitoFeed, domclick: domclickFeed };

export type PortalDocument = { portal: Portal; xml: string; included: string[]; leftOut: LeftOut[] };

/** One portal's document from the listings: the listings it takes, and those it refuses with the reason. */
export function portalDocument(feed: PortalFeed, { listings, leftOut, generatedAt }: Listings): PortalDocument {
  const offers: XmlElement[] = [];
  const included: string[] = [];
  const refused: LeftOut[] = [...leftOut];
  for (const listing of listings) {
    const reason = feed.refuse(listing);
    if (reason) refused.push({ lotId: listing.lotId, reason });
    else {
      offers.push(feed.offer(listing, generatedAt));
      included.push(listing.lotId);
    }
  }
  return { portal: feed.portal, xml: writeDocument(feed.document(offers, generatedAt)), included, leftOut: refused };
}

/** A problem with one offer: the lot, the element, what it should be and what it is. */
export type OfferProblem = { lotId: string; element: string; expected: string; found: string | null };
export type Validation = { wellFormed: boolean; offers: number; problems: string[]; offerProblems: OfferProblem[] };

function valueAt(node: XmlElement, path: string): string | null {
  const parts = path.split('/');
  const last = parts.at(-1)!;
  if (last.startsWith('@')) {
    const owner = parts.length > 1 ? at(node, parts.slice(0, -1).join('/')) : node;
    return owner?.attrs[last.slice(1)] ?? null;
  }
  const found = at(node, path);
  return found ? textOf(found) : null;
}

/**
 * Reads a served document back and checks it against the portal's requirements: the root, and every offer
 * carrying every element its category requires with a valid value. Structural, in code (no portal publishes a
 * schema for all four formats); the requirements are the REFERENCE's lists per portal.
 */
export function validateDocument(feed: PortalFeed, xml: string): Validation {
  let root: XmlElement;
  try {
    root = readXml(xml);
  } catch (error) {
    return { wellFormed: false, offers: 0, problems: [(error as Error).message], offerProblems: [] };
  }
  const problems = feed.checkRoot(root);
  const offerProblems: OfferProblem[] = [];
  const offers = feed.offersOf(root);
  const seen = new Set<string>();
  for (const { id, node } of offers) {
    if (seen.has(id)) problems.push(`offer ${id} appears twice`);
    seen.add(id);
    for (const rule of feed.requirements(node)) {
      const found = valueAt(node, rule.path);
      if (found === null || !rule.valid(found)) offerProblems.push({ lotId: id, element: rule.path, expected: rule.expected, found });
    }
  }
  return { wellFormed: true, offers: offers.length, problems, offerProblems };
}

export type PortalReport = {
  portal: Portal;
  path: string;
  included: { count: number; lotIds: string[] };
  leftOut: { count: number; reasons: { reason: string; count: number; lotIds: string[] }[] };
  validation: Validation;
  valid: boolean;
};

/** What `npm run feeds:check` reports for one portal: included lots, lots left out grouped by reason, validation. */
export function portalReport(feed: PortalFeed, doc: PortalDocument): PortalReport {
  const groups = new Map<string, string[]>();
  for (const { lotId, reason } of doc.leftOut) groups.set(reason, [...(groups.get(reason) ?? []), lotId]);
  const validation = validateDocument(feed, doc.xml);
  return {
    portal: feed.portal,
    path: feed.path,
    included: { count: doc.included.length, lotIds: doc.included },
    leftOut: {
      count: doc.leftOut.length,
      reasons: [...groups]
        .map(([reason, lotIds]) => ({ reason, count: lotIds.length, lotIds }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    },
    validation,
    valid: validation.wellFormed && !validation.problems.length && !validation.offerProblems.length && validation.offers === doc.included.length,
  };
}

export type FeedsReport = { generatedAt: string; valid: boolean; portals: PortalReport[] };

export async function feedsReport(...args: Parameters<typeof collectListings>): Promise<FeedsReport> {
  const listings = await collectListings(...args);
  const portals = PORTALS.map((portal) => portalReport(FEEDS[portal], portalDocument(FEEDS[portal], listings)));
  return { generatedAt: listings.generatedAt.toISOString(), valid: portals.every((p) => p.valid), portals };
}

export function formatFeedsReport(report: FeedsReport, idsShown = 10): string {
  const lines: string[] = [`Portal feeds, ${report.generatedAt}: ${report.valid ? 'all valid' : 'INVALID'}.`];
  const list = (ids: string[]) => `${ids.slice(0, idsShown).join(', ')}${ids.length > idsShown ? `, … (${ids.length - idsShown} more)` : ''}`;
  for (const p of report.portals) {
    const v = p.validation;
    lines.push('', `${p.portal} (${p.path}): ${p.included.count} lots included, ${p.leftOut.count} left out; ${p.valid ? 'valid' : 'INVALID'}.`);
    for (const r of p.leftOut.reasons) lines.push(`  left out, ${r.reason}: ${r.count} (${list(r.lotIds)})`);
    if (!v.wellFormed) lines.push(`  not well-formed: ${v.problems.join('; ')}`);
    else {
      for (const problem of v.problems) lines.push(`  document: ${problem}`);
      for (const problem of v.offerProblems.slice(0, 20))
        lines.push(
          `  offer ${problem.lotId}: ${problem.element} should be ${problem.expected}, is ${problem.found === null ? 'missing' : JSON.stringify(problem.found)}`,
        );
      if (v.offerProblems.length > 20) lines.push(`  … and ${v.offerProblems.length - 20} more offer problems`);
    }
  }
  return lines.join('\n');
}
