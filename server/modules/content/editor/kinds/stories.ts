import { asc, eq, inArray } from 'drizzle-orm';
import type { Localized } from '#core/schemas/localized.ts';
import { stories as table, storyCards } from '../../../../db/schema/index.ts';
import { byParent, EMPTY_TEXT, pick, type Binding, type Picture, type Row, type Values } from '../binding.ts';
import { mediaIdOf, pictureValue } from '../picture.ts';

const fields = ['slug', 'title', 'lotType', 'rareFormat', 'url', 'coverAlt', 'published', 'position'] as const;

/** A story's card as the form edits it: a text card has no picture, a card without a link has an empty address. */
function cardValues(row: Row): Values {
  return {
    kind: row.kind,
    title: row.title,
    text: row.text,
    image: row.image ? pictureValue(row.image, row.imageWidth, row.imageHeight, row.imageMediaId) : null,
    imageAlt: row.imageAlt ?? EMPTY_TEXT,
    linkUrl: row.linkUrl ?? '',
    linkLabel: row.linkLabel ?? EMPTY_TEXT,
  };
}

/** A card's columns (the table's checks: a picture card has its picture and description, a link its label). */
function cardRow(values: Values, storyId: number, position: number) {
  const image = values.kind === 'picture' ? (values.image as Picture | null) : null;
  const link = values.linkUrl ? { linkUrl: values.linkUrl as string, linkLabel: values.linkLabel as Localized } : { linkUrl: null, linkLabel: null };
  return {
    storyId,
    position,
    kind: values.kind as 'picture' | 'text',
    title: values.title as Localized,
    text: values.text as Localized,
    image: image?.src ?? null,
    imageWidth: image?.width ?? null,
    imageHeight: image?.height ?? null,
    imageAlt: image ? (values.imageAlt as Localized) : null,
    imageMediaId: image ? mediaIdOf(image) : null,
    ...link,
  };
}

/** The home page's stories (`stories`) with their cards in order (`story_cards`), edited inside the story. */
export const stories: Binding = {
  table,
  key: table.id,
  scope: null,
  toValues: (row) => ({
    ...pick(row, fields),
    cover: pictureValue(row.cover, row.coverWidth, row.coverHeight, row.coverMediaId),
    cards: ((row.cards as Row[] | undefined) ?? []).map(cardValues),
  }),
  toRow: (values) => {
    const cover = values.cover as Picture;
    return {
      ...pick(values, fields),
      cover: cover.src,
      coverWidth: cover.width,
      coverHeight: cover.height,
      coverMediaId: mediaIdOf(cover),
      updatedAt: new Date(),
    };
  },
  unique: 'slug',
  children: {
    field: 'cards',
    read: async (exec, keys) => {
      if (!keys.length) return new Map();
      const rows = await exec
        .select()
        .from(storyCards)
        .where(inArray(storyCards.storyId, keys as number[]))
        .orderBy(asc(storyCards.storyId), asc(storyCards.position), asc(storyCards.id));
      return byParent(rows, (row) => row.storyId);
    },
    // The n-th card stays the n-th row (its number, which the stories' API gives, is kept); cards added are
    // inserted, cards taken away deleted.
    write: async (tx, key, items) => {
      const storyId = key as number;
      const existing = await tx
        .select({ id: storyCards.id })
        .from(storyCards)
        .where(eq(storyCards.storyId, storyId))
        .orderBy(asc(storyCards.position), asc(storyCards.id));
      for (const [position, card] of items.entries()) {
        const row = cardRow(card, storyId, position);
        const current = existing[position];
        if (current) await tx.update(storyCards).set(row).where(eq(storyCards.id, current.id));
        else await tx.insert(storyCards).values(row);
      }
      const surplus = existing.slice(items.length).map((c) => c.id);
      if (surplus.length) await tx.delete(storyCards).where(inArray(storyCards.id, surplus));
    },
  },
};
