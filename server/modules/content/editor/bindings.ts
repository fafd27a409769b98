import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PARAGRAPH_BREAK, programmeToWire, type ContentKindName } from '#core/admin/kinds.ts';
import { LANDING_CONTENT_FIELDS } from '#core/content/landing-schemas.ts';
import type { AdminContentMessages } from '#core/admin/messages.ts';
import type { PublicationKind } from '#core/content/publications.ts';
import type { Localized } from '#core/schemas/localized.ts';
import type { Db } from '../../../db/client.ts';
import { programmeInput, toProgramme } from '#core/purchase/schemas.ts';
import {
  banks,
  benefits,
  contentBlocks,
  featureFlags,
  financeProgrammes,
  homeSlides,
  menuItems,
  offices,
  officeProjects,
  projects,
  auctions,
  customCollections,
  lots,
  multilingualLandings,
  pages,
  partners,
  publications,
  redirects,
  seoMeta,
  stories,
  storyCards,
  subscriptionHeadings,
} from '../../../db/schema/index.ts';
import { PARTNER_LOGO_SIZE } from '../../home/index.ts';
import { BANK_LOGO_SIZE } from '../../purchase/index.ts';
import ruHome from '#core/i18n/catalogs/ru/home-blocks.ts';
import enHome from '#core/i18n/catalogs/en/home-blocks.ts';
import zhHome from '#core/i18n/catalogs/zh/home-blocks.ts';
import { sanitizeRichText } from '../sanitize.ts';
import { auctionsOverlap, endAfterChange, termsMovedUnderBids, type FixedTerm } from '../../auctions/index.ts';

type Values = Record<string, unknown>;
type Row = Record<string, unknown>;
type Key = number | string;

/**
 * Where a kind of content lives: its table, the rows that are its own (`scope`), its key, and the two mappings
 * between a row and the values of its description's schema (core/admin/kinds.ts). Most fields are the columns of
 * the same name; the mappings say only what differs (a picture in three columns, rich text cleaned on its way in).
 */
export type Binding = {
  table: PgTable;
  key: PgColumn;
  scope: SQL | null;
  /** The values the form edits, from a row. */
  toValues: (row: Row) => Values;
  /**
   * The columns to write, from checked values (rich text is cleaned here); `current` is the row being changed, null
   * for a new one (an auction keeps an end its bids extended).
   */
  toRow: (values: Values, current: Row | null) => Row;
  /** Where the public page of an item is (locale-free), for the preview and "open on the site". */
  publicPath?: (row: Row) => string | null;
  /** After a change is committed: what must learn of it in this process at once (the flags' copy in memory). */
  afterCommit?: 'flags';
  /**
   * The column of the item's address at the public `/{slug}`, which slug pages, collections and landings share (the
   * catch-all tries them in that order): the engine refuses a slug an item of another of these kinds holds
   * (`publicSlugClash`, service.ts); one of its own kind is the table's unique index.
   */
  publicSlug?: PgColumn;
  /** The field a unique violation is about (another item has it); the address fields by default. */
  unique?: string;
  /** The field a foreign-key violation is about (it names a row that does not exist). */
  references?: string;
  /** The field a foreign-key violation on deleting is about (other rows still name the item: a bank's programmes). */
  referencedBy?: string;
  /**
   * Rows of another table an item holds as one of its fields, in order (a story's cards): read with the item and
   * written with it, in the same transaction, so its version, audit entry and revert cover them.
   */
  children?: {
    field: string;
    /** The children of the items `keys`, each item's in order. */
    read: (exec: Db, keys: Key[]) => Promise<Map<Key, Row[]>>;
    /** Makes the item's children these checked values, in this order. */
    write: (tx: Db, key: Key, items: Values[]) => Promise<void>;
  };
  /**
   * A check the schema cannot make alone (it needs other rows): the field it refuses and the message's key, or null.
   * Run in the change's transaction, before the write, for a create, a change, a delete (`values` null) and a revert;
   * `id` is null for a new item.
   */
  refuse?: (tx: Db, id: string | number | null, values: Values | null) => Promise<Refusal | null>;
};

/** A binding's refusal: the field named and the key of its message (`errors.{message}` of the admin catalog). */
export type Refusal = { field: string; message: Exclude<keyof AdminContentMessages['errors'], 'shared'> };

const localizedHtml = (value: unknown) => {
  const v = value as { ru: string; en: string; zh: string };
  return { ru: sanitizeRichText(v.ru), en: sanitizeRichText(v.en), zh: sanitizeRichText(v.zh) };
};

function pick(row: Row, fields: readonly string[]): Values {
  return Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));
}

function publicationBinding(kind: PublicationKind, extra: readonly string[]): Binding {
  const common = ['slug', 'title', 'lead', 'body', 'projectId', 'realtyTypes', 'publishedAt', 'published', 'publishAt'] as const;
  const empty = { ru: '', en: '', zh: '' };
  return {
    table: publications,
    key: publications.id,
    scope: eq(publications.kind, kind),
    toValues: (row) => ({
      ...pick(row, [...common, ...extra]),
      ...(extra.includes('badge') ? { badge: row.badge ?? empty } : {}),
      ...(extra.includes('sourceName') ? { sourceName: row.sourceName ?? empty, sourceUrl: row.sourceUrl ?? '' } : {}),
      publishAt: row.publishAt ? new Date(row.publishAt as string).toISOString() : null,
      image: { src: row.image, width: row.imageWidth, height: row.imageHeight },
    }),
    toRow: (values) => {
      const image = values.image as { src: string; width: number; height: number };
      return {
        ...pick(values, [...common, ...extra]),
        kind,
        body: localizedHtml(values.body),
        image: image.src,
        imageWidth: image.width,
        imageHeight: image.height,
        updatedAt: new Date(),
      };
    },
    publicPath: (row) => (kind === 'promo' ? `/promo/${String(row.id)}` : kind === 'news' ? `/news/${String(row.slug)}` : null),
  };
}

const plain = (fields: readonly string[]) => ({ toValues: (row: Row) => pick(row, fields), toRow: (values: Values) => pick(values, fields) });

type Picture = { src: string; width: number; height: number };
const EMPTY_TEXT = { ru: '', en: '', zh: '' };

/**
 * The home page's texts the back office edits, in the `home` block of `content_blocks` (core/content/home.ts); the
 * block's other keys are kept as they are. A block written before the selector's heading was data has the
 * catalogs' words.
 */
const HOME_FIELDS = ['hero', 'selector', 'advantages', 'indicators', 'app', 'englishManagers'] as const;
const CATALOG_SELECTOR = {
  title: { ru: ruHome.selector.title, en: enHome.selector.title, zh: zhHome.selector.title },
  lead: { ru: ruHome.selector.lead, en: enHome.selector.lead, zh: zhHome.selector.lead },
};

/** A story's card as the form edits it: a text card has no picture, a card without a link has an empty address. */
function cardValues(row: Row): Values {
  return {
    kind: row.kind,
    title: row.title,
    text: row.text,
    image: row.image ? { src: row.image, width: row.imageWidth, height: row.imageHeight } : null,
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
    ...link,
  };
}

export const BINDINGS: Record<ContentKindName, Binding> = {
  news: publicationBinding('news', []),
  promo: publicationBinding('promo', ['badge', 'endsAt']),
  massmedia: publicationBinding('massmedia', ['sourceName', 'sourceUrl']),
  pages: (() => {
    const fields = ['slug', 'template', 'title', 'description', 'body', 'published'] as const;
    return {
      table: pages,
      key: pages.id,
      scope: null,
      toValues: (row: Row) => pick(row, fields),
      toRow: (values: Values) => ({ ...pick(values, fields), body: localizedHtml(values.body), updatedAt: new Date() }),
      publicPath: (row: Row) => `/${String(row.slug)}`,
      publicSlug: pages.slug,
      unique: 'slug',
    };
  })(),
  collections: (() => {
    const fields = ['slug', 'title', 'description', 'position', 'published'] as const;
    type Paragraphs = { ru: string[]; en: string[]; zh: string[] };
    const paragraphs = (text: string) =>
      text
        .split(PARAGRAPH_BREAK)
        .map((p) => p.trim())
        .filter(Boolean);
    return {
      table: customCollections,
      key: customCollections.id,
      scope: null,
      // The introduction is edited as one text per language, a paragraph per block; the saved filter as its query.
      toValues: (row: Row) => {
        const intro = row.intro as Paragraphs;
        return {
          ...pick(row, fields),
          intro: { ru: intro.ru.join('\n\n'), en: intro.en.join('\n\n'), zh: intro.zh.join('\n\n') },
          query: row.query ?? null,
          lotIds: row.lotIds ?? [],
        };
      },
      toRow: (values: Values) => {
        const intro = values.intro as Localized;
        const query = ((values.query as string | null) ?? '').trim().replace(/^\?/, '');
        const lotIds = values.lotIds as string[];
        return {
          ...pick(values, fields),
          intro: { ru: paragraphs(intro.ru), en: paragraphs(intro.en), zh: paragraphs(intro.zh) },
          query: query || null,
          lotIds: lotIds.length ? lotIds : null,
          updatedAt: new Date(),
        };
      },
      publicPath: (row: Row) => `/${String(row.slug)}`,
      publicSlug: customCollections.slug,
      unique: 'slug',
      // A curator's lots are the catalogue's: a number it does not have is named, not kept silently empty.
      refuse: async (tx: Db, _id: string | number | null, values: Values | null) => {
        const ids = ((values?.lotIds as string[] | undefined) ?? []).map(Number);
        if (!ids.length) return null;
        const found = new Set((await tx.select({ id: lots.id }).from(lots).where(inArray(lots.id, ids))).map((l) => l.id));
        return ids.every((id) => found.has(id)) ? null : { field: 'lotIds', message: 'unknownLots' as const };
      },
    };
  })(),
  landings: {
    table: multilingualLandings,
    key: multilingualLandings.id,
    scope: null,
    // The content is one language's, whole (one JSON column): its parts are the form's fields.
    toValues: (row) => ({ ...pick(row, ['slug', 'locale', 'published']), ...(row.content as object) }),
    toRow: (values) => ({ ...pick(values, ['slug', 'locale', 'published']), content: pick(values, LANDING_CONTENT_FIELDS), updatedAt: new Date() }),
    publicPath: (row) => `/${String(row.slug)}`,
    publicSlug: multilingualLandings.slug,
    // One version per language: a second of the same language is the duplicate.
    unique: 'locale',
  },
  offices: (() => {
    const fields = ['name', 'address', 'phones', 'email', 'schedule', 'meetings', 'published', 'position'] as const;
    return {
      table: offices,
      key: offices.id,
      scope: null,
      toValues: (row: Row) => ({ ...pick(row, fields), projectIds: ((row.projectIds as Row[] | undefined) ?? []).map((link) => link.projectId) }),
      toRow: (values: Values) => ({ ...pick(values, fields), updatedAt: new Date() }),
      // The projects it serves (`office_projects`, in their order): read and written with the office, so its version,
      // audit entry and revert cover them; the table's `content` data version tells the contacts page.
      children: {
        field: 'projectIds',
        read: async (exec: Db, keys: Key[]) => {
          const out = new Map<Key, Row[]>();
          if (!keys.length) return out;
          const rows = await exec
            .select()
            .from(officeProjects)
            .where(inArray(officeProjects.officeId, keys as number[]))
            .orderBy(asc(officeProjects.officeId), asc(officeProjects.position), asc(officeProjects.projectId));
          for (const row of rows) out.set(row.officeId, [...(out.get(row.officeId) ?? []), row]);
          return out;
        },
        write: async (tx: Db, key: Key, ids: Values[]) => {
          const officeId = key as number;
          await tx.delete(officeProjects).where(eq(officeProjects.officeId, officeId));
          const links = (ids as unknown as number[]).map((projectId, position) => ({ officeId, projectId, position }));
          if (links.length) await tx.insert(officeProjects).values(links);
        },
      },
      // The projects are the catalogue's (no foreign key: the catalogue is replaced keeping its ids); one it does not
      // have is named, not kept silently unshown.
      refuse: async (tx: Db, _id: string | number | null, values: Values | null) => {
        const ids = (values?.projectIds as number[] | undefined) ?? [];
        if (!ids.length) return null;
        const found = new Set((await tx.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids))).map((p) => p.id));
        return ids.every((id) => found.has(id)) ? null : { field: 'projectIds', message: 'unknownProjects' as const };
      },
    };
  })(),
  redirects: { table: redirects, key: redirects.id, scope: null, ...plain(['oldPath', 'newPath']) },
  seo: { table: seoMeta, key: seoMeta.id, scope: null, ...plain(['url', 'title', 'description']) },
  programmes: (() => {
    const fields = Object.keys({
      id: 0,
      kind: 0,
      bankId: 0,
      mortgageKind: 0,
      name: 0,
      conditions: 0,
      rate: 0,
      markup: 0,
      minDownPayment: 0,
      maxTermMonths: 0,
      maxLoan: 0,
      projects: 0,
      lotTypes: 0,
      lots: 0,
      validFrom: 0,
      validTo: 0,
      position: 0,
    } satisfies Record<keyof ReturnType<typeof toProgramme>, 0>);
    return {
      table: financeProgrammes,
      key: financeProgrammes.id,
      scope: null,
      toValues: (row: Row) => pick(row, fields),
      // Stored as the offers import stores it (core's `toProgramme`: no rate on an instalment plan, no repeats in lists).
      toRow: (values: Values) => ({ ...toProgramme(programmeInput.parse(programmeToWire(values)), 0), updatedAt: new Date() }),
      unique: 'id',
      references: 'bankId',
    };
  })(),
  slides: (() => {
    const fields = ['title', 'text', 'linkLabel', 'url', 'projectId', 'imageAlt', 'published', 'position'] as const;
    return {
      table: homeSlides,
      key: homeSlides.id,
      scope: null,
      toValues: (row: Row) => ({ ...pick(row, fields), image: { src: row.image, width: row.imageWidth, height: row.imageHeight } }),
      toRow: (values: Values) => {
        const image = values.image as { src: string; width: number; height: number };
        return { ...pick(values, fields), image: image.src, imageWidth: image.width, imageHeight: image.height, updatedAt: new Date() };
      },
    };
  })(),
  partners: (() => {
    const fields = ['id', 'kind', 'name', 'url', 'published', 'position'] as const;
    return {
      table: partners,
      key: partners.id,
      scope: null,
      // A logo is shown in the partners' one box (PARTNER_LOGO_SIZE), whatever the picture's own size: only its path is kept.
      toValues: (row: Row) => ({ ...pick(row, fields), logo: { src: row.logo, ...PARTNER_LOGO_SIZE } }),
      toRow: (values: Values) => ({ ...pick(values, fields), logo: (values.logo as { src: string }).src, updatedAt: new Date() }),
      unique: 'id',
    };
  })(),
  banks: {
    table: banks,
    key: banks.id,
    scope: null,
    // A logo is shown in the banks' one box (BANK_LOGO_SIZE): only its path is kept, as the offers import keeps it.
    toValues: (row) => ({ ...pick(row, ['id', 'name', 'position']), logo: row.logo ? { src: row.logo, ...BANK_LOGO_SIZE } : null }),
    toRow: (values) => ({ ...pick(values, ['id', 'name', 'position']), logo: (values.logo as Picture | null)?.src ?? null, updatedAt: new Date() }),
    unique: 'id',
    // Programmes name their bank (ON DELETE RESTRICT): a bank still named is not deleted.
    referencedBy: 'id',
  },
  home: {
    table: contentBlocks,
    key: contentBlocks.key,
    scope: eq(contentBlocks.key, 'home'),
    toValues: (row) => {
      const content = row.content as Values;
      return { ...pick(content, HOME_FIELDS), selector: content.selector ?? CATALOG_SELECTOR };
    },
    // Merged into the block, whose other keys stay.
    toRow: (values) => ({ content: sql`${contentBlocks.content} || ${JSON.stringify(pick(values, HOME_FIELDS))}::jsonb`, updatedAt: new Date() }),
  },
  stories: (() => {
    const fields = ['slug', 'title', 'lotType', 'rareFormat', 'url', 'coverAlt', 'published', 'position'] as const;
    return {
      table: stories,
      key: stories.id,
      scope: null,
      toValues: (row: Row) => ({
        ...pick(row, fields),
        cover: { src: row.cover, width: row.coverWidth, height: row.coverHeight },
        cards: ((row.cards as Row[] | undefined) ?? []).map(cardValues),
      }),
      toRow: (values: Values) => {
        const cover = values.cover as Picture;
        return { ...pick(values, fields), cover: cover.src, coverWidth: cover.width, coverHeight: cover.height, updatedAt: new Date() };
      },
      unique: 'slug',
      children: {
        field: 'cards',
        read: async (exec: Db, keys: Key[]) => {
          const out = new Map<Key, Row[]>();
          if (!keys.length) return out;
          const rows = await exec
            .select()
            .from(storyCards)
            .where(inArray(storyCards.storyId, keys as number[]))
            .orderBy(asc(storyCards.storyId), asc(storyCards.position), asc(storyCards.id));
          for (const row of rows) out.set(row.storyId, [...(out.get(row.storyId) ?? []), row]);
          return out;
        },
        // The n-th card stays the n-th row (its number, which the stories' API gives, is kept); cards added are
        // inserted, cards taken away deleted.
        write: async (tx: Db, key: Key, items: Values[]) => {
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
  })(),
  benefits: (() => {
    const fields = ['title', 'text', 'icon', 'projectId', 'inPopup', 'onPage', 'published', 'position'] as const;
    return {
      table: benefits,
      key: benefits.id,
      scope: null,
      toValues: (row: Row) => pick(row, fields),
      toRow: (values: Values) => ({ ...pick(values, fields), updatedAt: new Date() }),
    };
  })(),
  subscriptions: {
    table: subscriptionHeadings,
    key: subscriptionHeadings.topic,
    scope: null,
    toValues: (row) => pick(row, ['topic', 'title', 'description']),
    toRow: (values) => ({ ...pick(values, ['topic', 'title', 'description']), updatedAt: new Date() }),
    unique: 'topic',
  },
  menus: {
    table: menuItems,
    key: menuItems.id,
    scope: null,
    references: 'parentId',
    ...plain(['menu', 'parentId', 'title', 'url', 'position']),
    // A submenu's parent is a link of the same menu, never the link itself nor one of its own sublinks (either would
    // hide it from the site: the menus are read as a tree from their top links).
    refuse: async (tx, id, values) => {
      if (!values) return null;
      let parentId = (values.parentId as number | null | undefined) ?? null;
      for (let depth = 0; parentId !== null && depth < 64; depth++) {
        if (parentId === id) return { field: 'parentId', message: 'menuParent' };
        const [parent] = await tx.select({ menu: menuItems.menu, parentId: menuItems.parentId }).from(menuItems).where(eq(menuItems.id, parentId));
        // A parent that does not exist is the foreign key's refusal (`references`).
        if (!parent) return null;
        if (parent.menu !== values.menu) return { field: 'parentId', message: 'menuParent' };
        parentId = parent.parentId;
      }
      return null;
    },
  },
  auctions: (() => {
    type Auction = typeof auctions.$inferSelect;
    const FIELD_OF_TERM: Record<FixedTerm, string> = { lot: 'lotId', start_price: 'startPrice', min_step: 'minStep', starts_at: 'startsAt' };
    const current = async (tx: Db, id: string | number | null): Promise<Auction | null> =>
      id === null
        ? null
        : ((
            await tx
              .select()
              .from(auctions)
              .where(eq(auctions.id, Number(id)))
          )[0] ?? null);
    return {
      table: auctions,
      key: auctions.id,
      scope: null,
      toValues: (row: Row) => ({
        ...pick(row, ['lotId', 'startPrice', 'minStep', 'extendMinutes', 'result']),
        startsAt: (row.startsAt as Date).toISOString(),
        plannedEndsAt: (row.plannedEndsAt as Date).toISOString(),
      }),
      toRow: (values: Values, row: Row | null) => {
        const planned = new Date(values.plannedEndsAt as string);
        return {
          ...pick(values, ['lotId', 'startPrice', 'minStep', 'extendMinutes', 'result']),
          startsAt: new Date(values.startsAt as string),
          plannedEndsAt: planned,
          // An extension its bids made past the new end is kept, as the import keeps it.
          endsAt: endAfterChange(row as Auction | null, planned),
          updatedAt: new Date(),
        };
      },
      publicPath: (row: Row) => `/auctions/${String(row.id)}`,
      // The import's rules (ADR 020): bids are never lost or moved under them — an auction with bids is not deleted
      // and keeps its lot, start price, step and start; a lot is auctioned once at a time; the lot is the catalogue's.
      refuse: async (tx: Db, id: string | number | null, values: Values | null) => {
        const now = await current(tx, id);
        if (!values) return now && now.bidCount > 0 ? { field: 'result', message: 'auctionHasBids' as const } : null;
        const lotId = values.lotId as number;
        const [lot] = await tx.select({ id: lots.id }).from(lots).where(eq(lots.id, lotId));
        if (!lot) return { field: 'lotId', message: 'unknownLot' as const };
        const startsAt = new Date(values.startsAt as string);
        if (now) {
          const moved = termsMovedUnderBids(now, {
            lot: lotId,
            start_price: values.startPrice as number,
            min_step: values.minStep as number,
            starts_at: startsAt,
          });
          if (moved.length) return { field: FIELD_OF_TERM[moved[0]!], message: 'auctionBidsFixed' as const };
        }
        if (values.result === 'cancelled') return null;
        const window = { startsAt, endsAt: endAfterChange(now, new Date(values.plannedEndsAt as string)) };
        const others = await tx
          .select()
          .from(auctions)
          .where(and(eq(auctions.lotId, lotId), sql`${auctions.result} is distinct from 'cancelled'`, ...(id === null ? [] : [ne(auctions.id, Number(id))])));
        return others.some((other) => auctionsOverlap(other, window)) ? { field: 'lotId', message: 'auctionOverlap' as const } : null;
      },
    };
  })(),
  flags: {
    table: featureFlags,
    key: featureFlags.key,
    scope: null,
    toValues: (row) => pick(row, ['key', 'description', 'defaultValue', 'rules']),
    // clock_timestamp(), as the flags' service writes: the SDK payload's `dateUpdated` follows every change.
    toRow: (values) => ({ ...pick(values, ['key', 'description', 'defaultValue', 'rules']), updatedAt: sql`clock_timestamp()` }),
    afterCommit: 'flags',
  },
};
