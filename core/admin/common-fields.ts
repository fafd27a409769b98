/**
 * Fields several kinds of content share (core/admin/kinds/): addresses of the site, links, a slug, a moment, a
 * place in a list. Their messages are keys of the admin catalog (`errors.sitePath`), worded in the editor's language.
 */
import { z } from 'zod';
import { PUBLICATION_SLUG_PATTERN } from '../content/publications.ts';
import { safeText } from '../schemas/text.ts';

/** A publication's or a collection's address word: lower-case words joined by hyphens. */
export const slug = safeText().max(100).regex(PUBLICATION_SLUG_PATTERN, 'errors.slug');

/** A date-time with its offset (`2026-12-01T09:00:00+03:00`) or null. */
export const moment = z.iso.datetime({ offset: true }).nullable();

/** A path of this site without the language prefix or a query (`/projects/2`). */
export const sitePath = safeText()
  .max(500)
  .regex(/^\/(?!\/)[^\s?#]*$/, 'errors.sitePath');

/** Where a link leads: a path of this site without the language prefix (`/projects/2?x=1`) or an http(s) address. */
export const siteLink = safeText()
  .max(1000)
  .regex(/^(?:\/(?!\/)|https?:\/\/[^/\s?#]+)[^\s]*$/, 'errors.link');

/** An http(s) address of another site. */
export const webAddress = z.url({ protocol: /^https?$/ }).max(1000);

/** A path of this site with an optional query, without the language prefix (`/filter?type=flat&rooms=3`). */
export const siteHref = safeText()
  .max(1000)
  .regex(/^\/(?!\/)\S*$/, 'errors.sitePath');

/** An item's place in its list. */
export const position = z.number().int().min(0).max(1000);
