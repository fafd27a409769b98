import { z } from 'zod';
import { RARE_FORMATS, STORY_CARD_KINDS, STORY_LOT_TYPES } from '#core/content/stories.ts';
import { safeText } from '#core/schemas/text.ts';
import { position, siteHref } from '../common-fields.ts';
import { imageRef, localizedText } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/**
 * A card of a story (`story_cards`), edited inside its story in order: a picture with its description, or a text;
 * either may lead on (a path of the site and its label, both or neither). A text card keeps no picture.
 */
const storyCard = z
  .object({
    kind: z.enum(STORY_CARD_KINDS),
    title: localizedText({ max: 200 }),
    text: localizedText({ max: 1000, multiline: true, optional: true }),
    image: imageRef().nullable(),
    imageAlt: localizedText({ max: 300, optional: true }),
    linkUrl: safeText()
      .max(1000)
      .regex(/^(?:\/(?!\/)\S*)?$/, 'errors.sitePath'),
    linkLabel: localizedText({ max: 60, optional: true }),
  })
  .superRefine((card, ctx) => {
    if (card.kind === 'picture' && !card.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'errors.cardImage' });
    if (card.kind === 'picture' && !card.imageAlt.ru) ctx.addIssue({ code: 'custom', path: ['imageAlt', 'ru'], message: 'errors.imageAlt' });
    if (card.linkUrl && !card.linkLabel.ru) ctx.addIssue({ code: 'custom', path: ['linkLabel', 'ru'], message: 'errors.cardLink' });
    if (!card.linkUrl && card.linkLabel.ru) ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: 'errors.cardLink' });
  });

/**
 * The home page's stories on phones (`stories`), each with its cards in order (`story_cards`); a story without cards
 * is not shown. A rare format is a format of flats.
 */
export const stories = defineKind({
  name: 'stories',
  schema: z
    .object({
      slug: safeText().regex(/^[a-z0-9_-]{1,64}$/, 'errors.code'),
      title: localizedText({ max: 60 }),
      lotType: z.enum(STORY_LOT_TYPES).nullable(),
      rareFormat: z.enum(RARE_FORMATS).nullable(),
      url: siteHref,
      cover: imageRef(),
      coverAlt: localizedText({ max: 300 }),
      published: z.boolean(),
      position,
      cards: z.array(storyCard).max(20),
    })
    .superRefine((story, ctx) => {
      if (story.rareFormat && story.lotType !== 'flat') ctx.addIssue({ code: 'custom', path: ['rareFormat'], message: 'errors.rareFormat' });
    }),
  titleField: 'title',
  listFields: ['slug', 'position', 'published'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Главная: истории',
      fields: {
        lotType: 'Вид помещений',
        rareFormat: 'Редкий формат',
        cover: 'Изображение в кружке',
        coverAlt: 'Описание изображения в кружке',
        cards: 'Карточки',
        linkUrl: 'Адрес ссылки',
      },
      options: {
        terrace: 'С террасой',
        two_level: 'Двухуровневые',
        penthouse: 'Пентхаусы',
        high_ceiling: 'С высокими потолками',
        picture: 'Изображение',
        text: 'Текст',
      },
      errors: {
        cardImage: 'Загрузите изображение карточки (или сделайте её текстовой).',
        imageAlt: 'Опишите изображение для тех, кто его не видит.',
        cardLink: 'У ссылки должны быть и адрес, и надпись.',
        rareFormat: 'Редкий формат бывает только у квартир: выберите вид помещений «Квартира».',
      },
    },
    {
      kind: 'Home page: stories',
      fields: {
        lotType: 'Kind of premises',
        rareFormat: 'Rare format',
        cover: 'Ring picture',
        coverAlt: 'Ring picture description',
        cards: 'Cards',
        linkUrl: 'Link address',
      },
      options: {
        terrace: 'With a terrace',
        two_level: 'Two-level',
        penthouse: 'Penthouses',
        high_ceiling: 'With high ceilings',
        picture: 'Picture',
        text: 'Text',
      },
      errors: {
        cardImage: 'Upload the card’s picture (or make it a text card).',
        imageAlt: 'Describe the picture for those who cannot see it.',
        cardLink: 'A link has both its address and its label.',
        rareFormat: 'Only flats have rare formats: choose the kind of premises “Flat”.',
      },
    },
  ),
});
