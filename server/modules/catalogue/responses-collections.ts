import { z } from 'zod';
import { landingContentShape } from '#core/content/landing-schemas.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { page } from '../../http/api/schemas.ts';
import { lotCard } from './responses.ts';

/** Collections and landings as the API answers them (core/content/collections.ts, core/content/landings.ts). */
const collectionFields = {
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  count: z.number().int().min(0).describe('Lots of the collection for sale now (free), counted by the catalogue’s lot index.'),
  url: z.string().describe('The collection’s page, without the language prefix (`/ready-to-move-in`).'),
  filterUrl: z.string().nullable().describe('The same lots in the lot filter (`/filter?…`), or null for a curator’s list the filter cannot express.'),
};

export const collectionSummary = z.strictObject(collectionFields).meta({ id: 'CustomCollection' });

export const collectionDetail = z
  .strictObject({
    ...collectionFields,
    intro: z.array(z.string()).describe('The page’s introduction, paragraph by paragraph.'),
    lots: page(lotCard).describe('A page of the lots, in the lot filter’s card shape; `next` and `previous` link the neighbouring pages of this call.'),
  })
  .meta({ id: 'CustomCollectionDetail' });

export const landing = z
  .strictObject({
    slug: z.string(),
    locale: z.enum(LOCALES).describe('The language of this version (the one asked for, else English, else the first written).'),
    locales: z.array(z.enum(LOCALES)).describe('Every language the landing is written in.'),
    url: z.string().describe('The page’s path without the language prefix; it exists in the languages of `locales` only.'),
    updatedAt: z.string(),
    // The content as the back office edits it: one structure (core/content/landing-schemas.ts).
    ...landingContentShape(() => z.string()),
  })
  .meta({ id: 'MultilingualLanding' });
