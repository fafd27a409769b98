import { describe, expect, it } from 'vitest';
import { stories as kind } from '#core/admin/kinds/stories.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { stories as binding } from './stories.ts';

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });
const picture = { src: 'catalogue/covers/lipovy.png', width: 1600, height: 1000 };
const pictureCard = {
  kind: 'picture',
  title: text('Машины — под землёй'),
  text: text('Подземный паркинг с лифтом.'),
  image: picture,
  imageAlt: text('Двор без машин'),
  linkUrl: '',
  linkLabel: text(''),
};
const textCard = {
  kind: 'text',
  title: text('Кладовая рядом'),
  text: text(''),
  image: null,
  imageAlt: text(''),
  linkUrl: '/filter?type=parking',
  linkLabel: text('Выбрать'),
};
const values = {
  slug: 'parking',
  title: text('Машино-места', 'Parking'),
  lotType: 'parking',
  rareFormat: null,
  url: '/filter?type=parking',
  cover: picture,
  coverAlt: text('Двор без машин'),
  published: true,
  position: 4,
  cards: [pictureCard, textCard],
};
/** The cards as `story_cards` holds them: a text card without its picture, a card without a link without its label. */
const cardRows = [
  { ...pictureCard, image: picture.src, imageWidth: 1600, imageHeight: 1000, linkUrl: null, linkLabel: null },
  { ...textCard, image: null, imageWidth: null, imageHeight: null, imageAlt: null },
];

describe('stories', () => {
  // Its cards are its children (`story_cards`), read with the story in their order.
  itBindsEveryField(kind, binding, { values, stored: (columns) => ({ id: 1, ...columns, cards: cardRows }) });

  it('keep their cover in three columns and their cards as children', () => {
    expect(binding.toRow(values, null)).toMatchObject({ cover: picture.src, coverWidth: 1600, coverHeight: 1000 });
    expect(binding.children?.field).toBe('cards');
  });

  it('hold a picture card to its picture and description, and a link to both its address and its label', () => {
    const cards = [
      { ...pictureCard, image: null, imageAlt: text('') },
      { ...textCard, linkLabel: text('') },
    ];
    expect(issuesOf(kind, { ...values, cards })).toEqual({
      'cards.0.image': ['errors.cardImage'],
      'cards.0.imageAlt.ru': ['errors.imageAlt'],
      'cards.1.linkLabel.ru': ['errors.cardLink'],
    });
  });

  it('give a rare format to flats only', () => {
    expect(issuesOf(kind, { ...values, rareFormat: 'terrace' })).toEqual({ rareFormat: ['errors.rareFormat'] });
    expect(issuesOf(kind, { ...values, lotType: 'flat', rareFormat: 'terrace' })).toEqual({});
  });
});
