import { z } from 'zod';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { PUBLICATION_KINDS } from '#core/content/publications.ts';
import { picture } from '../catalogue/index.ts';

/** Promotions, news and press items as the API answers them (core/content/publications.ts). */
export const publicationCard = z
  .strictObject({
    id: z.string(),
    kind: z.enum(PUBLICATION_KINDS),
    slug: z.string(),
    title: z.string(),
    lead: z.string(),
    badge: z.string().describe('A short highlight of a promotion ("−10 %"); empty when none.'),
    image: picture,
    publishedAt: z.string().describe('ISO date.'),
    endsAt: z.string().nullable().describe('Promotions: the last day (ISO date); null when open-ended.'),
    ended: z.boolean(),
    project: z.strictObject({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
    realtyTypes: z.array(z.enum(LOT_TYPES)),
    source: z.strictObject({ name: z.string(), url: z.string() }).nullable().describe('Press items: the outlet and its article.'),
    url: z.string(),
  })
  .meta({ id: 'PublicationCard' });

export const publicationDetail = publicationCard
  .extend({
    body: z
      .string()
      .describe(
        'Rich text: HTML of p, h2, h3, ul, ol, li, strong, em, s, u, a (http, https, mailto, tel or a path), br and blockquote only, cleaned by the server.',
      ),
    updatedAt: z.string().describe('ISO timestamp.'),
    filterQuery: z.string().nullable().describe('The lots the offer applies to, as a lot-filter query.'),
    related: z.array(publicationCard),
  })
  .meta({ id: 'PublicationDetail' });
