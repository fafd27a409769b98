import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Portal } from '#core/feeds/portals.ts';
import type { Listing } from '../listing.ts';
import type { XmlElement } from '../xml.ts';

/** A required element of an offer: its path below the offer (`BargainTerms/Price`) and what a valid value is. */
export type Requirement = { path: string; valid: (text: string) => boolean; expected: string };

/**
 * One portal's feed: which listings it refuses (and why), how a listing reads in its schema, the document around
 * the offers, and what every offer of a served document must carry (`npm run feeds:check`, the tests).
 */
export type PortalFeed = {
  portal: Portal;
  /** Where the feed is served: `/feeds/{portal}.xml`. */
  path: string;
  /** Why the portal cannot take this listing; null when it can. */
  refuse(listing: Listing): string | null;
  offer(listing: Listing, generatedAt: Date): XmlElement;
  document(offers: XmlElement[], generatedAt: Date): XmlElement;
  /** The offers of a document as read back: each with the lot id it carries. */
  offersOf(root: XmlElement): { id: string; node: XmlElement }[];
  /** The root's own requirements (its name, namespace, version); a list of problems. */
  checkRoot(root: XmlElement): string[];
  /** What an offer must carry, by its category. */
  requirements(offer: XmlElement): Requirement[];
};

export const nonEmpty = (text: string): boolean => text.length > 0;
export const positive = (text: string): boolean => /^\d+(\.\d+)?$/.test(text) && Number(text) > 0;
export const integer = (text: string): boolean => /^-?\d+$/.test(text);
export const httpUrl = (text: string): boolean => /^https?:\/\/[^\s]+$/.test(text);
export const oneOf =
  (...values: string[]) =>
  (text: string): boolean =>
    values.includes(text);
export const req = (path: string, valid: (text: string) => boolean, expected: string): Requirement => ({ path, valid, expected });

/** «+7 495 000-10-10» → `+7` and `4950001010` (libphonenumber-js), as CIAN's PhoneSchema wants them; null when not a valid number. */
export function splitPhone(phone: string | null): { countryCode: string; number: string; e164: string } | null {
  const parsed = phone ? parsePhoneNumberFromString(phone, 'RU') : undefined;
  if (!parsed?.isValid()) return null;
  return { countryCode: `+${parsed.countryCallingCode}`, number: String(parsed.nationalNumber), e164: String(parsed.number) };
}

/** Areas as portals read them: a dot, at most two decimals. */
export const area = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);
