import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MediaKind } from '#core/admin/media.ts';
import type { Localized } from '#core/schemas/localized.ts';
import { banks, homeSlides, partners, publications, stories, storyCards } from '../../../db/schema/index.ts';
import { BANK_LOGO_SIZE } from '../../purchase/index.ts';
import { PARTNER_LOGO_SIZE } from '../../home/index.ts';

type Row = Record<string, unknown>;
const text = (value: unknown): Localized => (value && typeof value === 'object' ? (value as Localized) : { ru: '', en: '', zh: '' });

/**
 * Every place an item holds a picture of the media library (migration 0037): its table, the column naming the
 * picture and the columns holding its copy of the path and size, and how to name the item and link to its form.
 * "Where used", the refusal to delete a picture in use, a replacement's rewrite of the copies and the adoption of
 * pictures held before the library all read this one list; a new picture field of an item is a new line here.
 */
export type MediaUseSite = {
  table: PgTable;
  mediaId: PgColumn;
  src: PgColumn;
  /** Columns of the intrinsic size; none where the item shows its picture in a fixed box (a logo). */
  size: { width: PgColumn; height: PgColumn } | null;
  /** The size of that fixed box, for a picture adopted from such an item. */
  box?: { width: number; height: number };
  /** The form field holding it. */
  field: string;
  /** The kind of content, the item's id in its form's address, and its title (for "where used"). */
  item: (row: Row) => { kind: string; id: string; title: Localized };
  /** The kind of picture a picture adopted from this place is, and its alt text then. */
  adopt: { kind: MediaKind; alt: (row: Row) => Localized };
  /** Rows of the table that are items of their own (all). */
  scope?: SQL;
};

export const MEDIA_USE_SITES: readonly MediaUseSite[] = [
  {
    table: publications,
    mediaId: publications.imageMediaId,
    src: publications.image,
    size: { width: publications.imageWidth, height: publications.imageHeight },
    field: 'image',
    item: (row) => ({ kind: String(row.kind), id: String(row.id), title: text(row.title) }),
    // A publication's picture was described by its title on the site: the library keeps saying so until edited.
    adopt: { kind: 'photo', alt: (row) => text(row.title) },
  },
  {
    table: homeSlides,
    mediaId: homeSlides.imageMediaId,
    src: homeSlides.image,
    size: { width: homeSlides.imageWidth, height: homeSlides.imageHeight },
    field: 'image',
    item: (row) => ({ kind: 'slides', id: String(row.id), title: text(row.title) }),
    adopt: { kind: 'photo', alt: (row) => text(row.imageAlt) },
  },
  {
    table: stories,
    mediaId: stories.coverMediaId,
    src: stories.cover,
    size: { width: stories.coverWidth, height: stories.coverHeight },
    field: 'cover',
    item: (row) => ({ kind: 'stories', id: String(row.id), title: text(row.title) }),
    adopt: { kind: 'photo', alt: (row) => text(row.coverAlt) },
  },
  {
    table: storyCards,
    mediaId: storyCards.imageMediaId,
    src: storyCards.image,
    size: { width: storyCards.imageWidth, height: storyCards.imageHeight },
    field: 'cards.image',
    // A card is part of its story: the story is the item edited.
    item: (row) => ({ kind: 'stories', id: String(row.storyId), title: text(row.title) }),
    adopt: { kind: 'photo', alt: (row) => text(row.imageAlt) },
  },
  {
    table: partners,
    mediaId: partners.logoMediaId,
    src: partners.logo,
    size: null,
    box: PARTNER_LOGO_SIZE,
    field: 'logo',
    item: (row) => ({ kind: 'partners', id: String(row.id), title: text(row.name) }),
    adopt: { kind: 'logo', alt: (row) => text(row.name) },
  },
  {
    table: banks,
    mediaId: banks.logoMediaId,
    src: banks.logo,
    size: null,
    box: BANK_LOGO_SIZE,
    field: 'logo',
    item: (row) => ({ kind: 'banks', id: String(row.id), title: text(row.name) }),
    adopt: { kind: 'logo', alt: (row) => text(row.name) },
  },
];
