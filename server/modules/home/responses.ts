import { z } from 'zod';
import { ROOM_CHOICES } from '#core/catalogue/filter.ts';
import { PARTNER_ANSWER_KINDS } from '#core/content/home-blocks.ts';

/** The home page's blocks as the API answers them (core/content/home-blocks.ts). */
const proxied = (id: string, url: string) =>
  z
    .strictObject({
      src: z.string().describe('Media path of the original, for the image proxy (/img/…).'),
      url: z.string().describe(url),
      width: z.number().int().describe('Slides: the intrinsic width of the original (the aspect ratio to reserve); logos: CSS pixels shown at 40 px high.'),
      height: z.number().int(),
      alt: z.string(),
    })
    .meta({ id });

export const homeSlide = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    text: z.string(),
    link: z.strictObject({
      url: z.string().describe('A site path without the language prefix (`/projects/2`), or an absolute URL.'),
      label: z.string(),
    }),
    project: z.strictObject({ id: z.string(), name: z.string() }).nullable().describe('The project the slide is about, if any.'),
    image: proxied('SlideImage', 'The picture through the image proxy: webp, 1440×900 (signed when the server has IMGPROXY_KEY).'),
  })
  .meta({ id: 'HomeSlide' });

export const homePartner = z
  .strictObject({
    id: z.string(),
    kind: z.enum(PARTNER_ANSWER_KINDS).describe('`bank` for a partner bank (the purchase calls name the same banks), else who the partner is.'),
    name: z.string(),
    url: z.string().nullable(),
    logo: proxied('PartnerLogo', 'The logo through the image proxy: PNG, 40 px high at twice the density (signed when the server has IMGPROXY_KEY).'),
  })
  .meta({ id: 'HomePartner' });

const choice = z.strictObject({
  value: z.string(),
  label: z.string(),
  count: z.number().int().min(0).describe('Flats on offer if this choice were made instead, the others kept.'),
});

export const homeSelector = z
  .strictObject({
    count: z.number().int().min(0).describe('Flats matching the chosen project, rooms and budget: what the filter shows.'),
    filterUrl: z.string().describe('The lot filter with these choices (`/filter?type=flat&project=…&rooms=…&price_max=…`), without the language prefix.'),
    chosen: z.strictObject({ project: z.string().nullable(), rooms: z.array(z.enum(ROOM_CHOICES)), priceMax: z.number().nullable() }),
    projects: z.array(choice),
    rooms: z.array(choice),
    budgets: z.array(choice).describe('"Up to" budgets; each value is a `price_max`.'),
  })
  .meta({ id: 'HomeSelector' });
