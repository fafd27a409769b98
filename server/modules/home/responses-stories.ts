import { z } from 'zod';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { BENEFIT_ICONS, RARE_FORMATS, STORY_CARD_KINDS } from '#core/content/stories.ts';

/** Stories and benefits as the API answers them (core/content/stories.ts). */
const proxied = (id: string, url: string) =>
  z
    .strictObject({
      src: z.string().describe('Media path of the original, for the image proxy (/img/…).'),
      url: z.string().describe(url),
      width: z.number().int().describe('Intrinsic width of the original (the aspect ratio to reserve).'),
      height: z.number().int(),
      alt: z.string(),
    })
    .meta({ id });

export const story = z
  .strictObject({
    id: z.number().int(),
    slug: z.string().describe('The story’s own slug: `/api/story_cards_mobile/?slug=` gives its cards.'),
    title: z.string(),
    lotType: z.enum(LOT_TYPES).nullable().describe('The kind of lot the story is about, if any (the spec’s `slug=flat`).'),
    rareFormat: z.enum(RARE_FORMATS).nullable().describe('The rare format of flats the story is about, if any (`rare_format_type`).'),
    url: z.string().describe('Where the story leads without JavaScript: a site path without the language prefix (the filter, a project).'),
    cover: proxied('StoryCover', 'The ring’s picture through the image proxy: webp, 160×160 cropped (signed when the server has IMGPROXY_KEY).'),
    cards: z.number().int().min(1).describe('How many cards the story has.'),
  })
  .meta({ id: 'Story' });

export const storyCard = z
  .strictObject({
    id: z.number().int(),
    story: z.string().describe('The slug of the story the card belongs to.'),
    position: z.number().int().min(0).describe('The card’s place in its story, from 0.'),
    kind: z.enum(STORY_CARD_KINDS).describe('`picture`: a picture with a caption; `text`: words alone.'),
    title: z.string(),
    text: z.string(),
    image: proxied('StoryCardImage', 'The picture through the image proxy: webp, 720×1280 cropped (signed when the server has IMGPROXY_KEY).')
      .nullable()
      .describe('A picture card’s picture; null for a text card.'),
    link: z.strictObject({ url: z.string().describe('A site path without the language prefix, or an absolute URL.'), label: z.string() }).nullable(),
  })
  .meta({ id: 'StoryCard' });

export const benefit = z
  .strictObject({
    id: z.number().int(),
    project: z.string().nullable().describe('The project’s id for its own benefit; null for the developer’s, said with every project.'),
    title: z.string(),
    text: z.string(),
    icon: z.enum(BENEFIT_ICONS).describe('The icon the site draws beside it.'),
  })
  .meta({ id: 'Benefit' });
