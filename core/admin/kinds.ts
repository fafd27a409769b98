/**
 * Every kind of content the back office edits, each ONE description: its zod schema (the fields, their checks,
 * and through `meta({ widget })` their inputs), what a list shows, and whether it has a preview and publishing.
 * The server validates with the same schema (server/admin-content/), the form is derived from it
 * (core/admin/form.ts). Adding a kind is adding a description here and its table binding on the server.
 */
import { z } from 'zod';
import { LOT_TYPES } from '../catalogue/types.ts';
import { PUBLICATION_SLUG_PATTERN } from '../content/publications.ts';
import { safeText } from '../schemas/text.ts';
import { imageRef, localizedRichText, localizedText, reference } from './fields.ts';

export const CONTENT_KINDS = ['news', 'promo', 'massmedia', 'redirects', 'seo'] as const;
export type ContentKindName = (typeof CONTENT_KINDS)[number];

export type ContentKind = {
  name: ContentKindName;
  schema: z.ZodObject;
  /** The field that names an item in lists and the audit trail. */
  titleField: string;
  /** The fields a list shows besides the title. */
  listFields: string[];
  /** A staff-only preview of the public page before publishing. */
  preview: boolean;
  /** Published / scheduled: the item has `published` and `publishAt`. */
  publishing: boolean;
};

const slug = safeText().max(100).regex(PUBLICATION_SLUG_PATTERN, 'errors.slug');
/** A date-time with its offset (`2026-12-01T09:00:00+03:00`) or null. */
const moment = z.iso.datetime({ offset: true }).nullable();

/** What promotions, news and press mentions share (the `publications` table). */
const publication = {
  slug,
  title: localizedText({ max: 200 }),
  lead: localizedText({ max: 600, multiline: true }),
  body: localizedRichText(),
  image: imageRef(),
  projectId: reference('projects'),
  realtyTypes: z.array(z.enum(LOT_TYPES)),
  publishedAt: z.iso.date(),
  published: z.boolean(),
  publishAt: moment,
};

const sitePath = safeText()
  .max(500)
  .regex(/^\/(?!\/)[^\s?#]*$/, 'errors.sitePath');

const KINDS: Record<ContentKindName, ContentKind> = {
  news: {
    name: 'news',
    schema: z.object(publication),
    titleField: 'title',
    listFields: ['publishedAt', 'published', 'publishAt'],
    preview: true,
    publishing: true,
  },
  promo: {
    name: 'promo',
    schema: z.object({ ...publication, badge: localizedText({ max: 20, optional: true }), endsAt: z.iso.date().nullable() }),
    titleField: 'title',
    listFields: ['publishedAt', 'endsAt', 'published', 'publishAt'],
    preview: true,
    publishing: true,
  },
  massmedia: {
    name: 'massmedia',
    schema: z.object({
      ...publication,
      sourceName: localizedText({ max: 120 }),
      sourceUrl: z.url({ protocol: /^https?$/ }).max(1000),
    }),
    titleField: 'title',
    listFields: ['publishedAt', 'published', 'publishAt'],
    preview: false,
    publishing: true,
  },
  redirects: {
    name: 'redirects',
    schema: z.object({ oldPath: sitePath, newPath: sitePath }),
    titleField: 'oldPath',
    listFields: ['newPath'],
    preview: false,
    publishing: false,
  },
  seo: {
    name: 'seo',
    schema: z.object({ url: sitePath, title: localizedText({ max: 200 }), description: localizedText({ max: 400, multiline: true }) }),
    titleField: 'url',
    listFields: ['title'],
    preview: false,
    publishing: false,
  },
};

export function contentKind(name: string): ContentKind | null {
  return (CONTENT_KINDS as readonly string[]).includes(name) ? KINDS[name as ContentKindName] : null;
}

export const isContentKind = (name: string): name is ContentKindName => (CONTENT_KINDS as readonly string[]).includes(name);

/** Values of a new item: what the form starts from. */
export function emptyValues(kind: ContentKind): Record<string, unknown> {
  const shape = kind.schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const meta = schema.meta() as { widget?: string } | undefined;
    if (meta?.widget === 'localized') out[name] = { ru: '', en: '', zh: '' };
    else if (meta?.widget === 'image' || meta?.widget === 'reference') out[name] = null;
    else if (schema instanceof z.ZodBoolean) out[name] = false;
    else if (schema instanceof z.ZodArray) out[name] = [];
    else if (schema.safeParse(null).success) out[name] = null;
    else out[name] = '';
  }
  return out;
}
