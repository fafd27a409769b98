import { desc, eq } from 'drizzle-orm';
import type { CatalogueService } from '#core/catalogue/service.ts';
import { LOT_TYPES, type Facets, type SpecItem } from '#core/catalogue/types.ts';
import {
  PUBLICATION_FILTER_ITEMS,
  type PublicationCard,
  type PublicationDetail,
  type PublicationFilterItem,
  type PublicationKind,
  type PublicationQuery,
} from '#core/content/publications.ts';
import { DEFAULT_LOCALE, type Locale } from '#core/i18n/locales.ts';
import { isId } from '#core/schemas/id.ts';
import { libraryPicture, type LibraryLook } from '#core/image/media.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { media, publications } from '../../db/schema/index.ts';
import { sanitizeRichText } from './sanitize.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';
import { LOT_TYPE_WORDS, SPEC_WORDS, word } from '../catalogue/index.ts';

/** A row as the pages read it: with its picture's description and look from the media library (issue #42), when it has one. */
type Row = typeof publications.$inferSelect & { look?: LibraryLook | null };

/** The row's last change, or its publication day when it was written before it (an item scheduled ahead). */
function lastChange(row: Row): string {
  const updated = new Date(row.updatedAt).toISOString();
  return updated.slice(0, 10) < row.publishedAt ? row.publishedAt : updated;
}
const EMPTY_QUERY: PublicationQuery = { project: [], realty_types: [], year: [] };

// Built once: an Intl formatter costs more to make than the rest of a card.
const MOSCOW_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
/** Moscow's calendar day (yyyy-mm-dd): an offer "until 31 January" ends at midnight in Moscow, not in UTC. */
const today = (now: Date): string => MOSCOW_DAY.format(now);

/** How long the published rows are reused: they change rarely, and lists are cached this long by browsers too. */
const ROWS_TTL_MS = 30_000;

const valuesOf: Record<PublicationFilterItem, (row: Row) => string[]> = {
  project: (row) => (row.projectId === null ? [] : [String(row.projectId)]),
  realty_types: (row) => row.realtyTypes,
  year: (row) => [row.publishedAt.slice(0, 4)],
};

/** Whether `row` passes every item of `query` but `skip` (facets count each item with the others applied). */
function matches(row: Row, query: PublicationQuery, skip?: PublicationFilterItem): boolean {
  return PUBLICATION_FILTER_ITEMS.every((item) => {
    const wanted = query[item];
    return item === skip || wanted.length === 0 || valuesOf[item](row).some((value) => (wanted as string[]).includes(value));
  });
}

/**
 * Promotions, news and press mentions (spec §2 /promo, /news; §7 /api/promo/, /api/news/, /api/massmedia/).
 * Lists are newest first; a promotion whose last day has passed leaves its list but keeps its page, which
 * says the offer has ended (old e-mails and search results still lead there).
 */
export function createPublicationService(
  db: Db,
  catalogue: Pick<CatalogueService, 'projects'>,
  clock: () => Date = () => new Date(),
  policy: CachePolicy = STRICT_POLICY,
) {
  // Every published row, newest first, loaded once per TTL and split by kind in memory.
  // Bodies are cleaned again as they are read: a row written by SQL or an import is held to the same allow-list.
  const published = cached(
    async () =>
      (
        await db
          .select({ row: publications, look: { alt: media.alt, crop: media.crop, focus: media.focus } })
          .from(publications)
          .leftJoin(media, eq(media.id, publications.imageMediaId))
          .where(eq(publications.published, true))
          .orderBy(desc(publications.publishedAt), desc(publications.id))
      ).map(({ row, look }) => ({
        ...row,
        look,
        body: { ru: sanitizeRichText(row.body.ru), en: sanitizeRichText(row.body.en), zh: sanitizeRichText(row.body.zh) },
      })),
    ROWS_TTL_MS,
    policy,
    'publications',
  );
  /**
   * A scheduled item is out of sight until its moment, and again from its unpublishing moment
   * (server/modules/content/publication-schedule.ts moves the version at both).
   */
  const live = (row: Row, now: Date) =>
    (row.publishAt === null || Date.parse(row.publishAt) <= now.getTime()) && (row.unpublishAt === null || Date.parse(row.unpublishAt) > now.getTime());
  const rows = async (kind: PublicationKind): Promise<Row[]> => {
    const now = clock();
    return (await published.get()).filter((row) => row.kind === kind && live(row, now));
  };

  /** What a list shows: every published item, except promotions that have ended. */
  async function listed(kind: PublicationKind): Promise<Row[]> {
    const day = today(clock());
    return (await rows(kind)).filter((row) => row.endsAt === null || row.endsAt >= day);
  }

  async function projectsById(locale: Locale) {
    return new Map((await catalogue.projects(locale)).map((project) => [project.id, project]));
  }

  function card(row: Row, locale: Locale, projects: Map<string, { id: string; name: string; url: string }>, day: string): PublicationCard {
    const project = row.projectId === null ? undefined : projects.get(String(row.projectId));
    const title = pick(row.title, locale);
    const source = row.sourceUrl && row.sourceName ? { name: pick(row.sourceName, locale), url: row.sourceUrl } : null;
    return {
      id: String(row.id),
      kind: row.kind,
      slug: row.slug,
      title,
      lead: pick(row.lead, locale),
      badge: row.badge ? pick(row.badge, locale) : '',
      // The library's alt text in the page's language (the title where it has none) and its crop and focus point.
      image: libraryPicture({ src: row.image, width: row.imageWidth, height: row.imageHeight }, row.look, locale, title),
      publishedAt: row.publishedAt,
      endsAt: row.endsAt,
      ended: row.endsAt !== null && row.endsAt < day,
      project: project ? { id: project.id, name: project.name, url: project.url } : null,
      realtyTypes: row.realtyTypes,
      source,
      url: source ? source.url : row.kind === 'promo' ? `/promo/${row.id}` : `/news/${row.slug}`,
    };
  }

  /** An item's page: its card, body and last change, and up to three others of its kind (its project's first). */
  async function detail(row: Row, all: Row[], locale: Locale): Promise<PublicationDetail> {
    const projects = await projectsById(locale);
    const day = today(clock());
    const related = all
      .filter((other) => other.id !== row.id && (other.endsAt === null || other.endsAt >= day))
      .sort((a, b) => Number(b.projectId === row.projectId) - Number(a.projectId === row.projectId))
      .slice(0, 3);
    const params = new URLSearchParams();
    if (row.projectId !== null && projects.has(String(row.projectId))) params.set('project', String(row.projectId));
    if (row.realtyTypes.length) params.set('type', row.realtyTypes.join(','));
    return {
      ...card(row, locale, projects, day),
      body: pick(row.body, locale),
      updatedAt: lastChange(row),
      filterQuery: row.realtyTypes.length ? params.toString().replaceAll('%2C', ',') : null,
      related: related.map((other) => card(other, locale, projects, day)),
    };
  }

  return {
    async list(kind: PublicationKind, locale: Locale, query: Partial<PublicationQuery> = {}): Promise<PublicationCard[]> {
      const q = { ...EMPTY_QUERY, ...query };
      const [items, projects] = await Promise.all([listed(kind), projectsById(locale)]);
      const day = today(clock());
      return items.filter((row) => matches(row, q)).map((row) => card(row, locale, projects, day));
    },

    /** When each listed item last changed, by its address as `list` gives it (the sitemap's `lastmod`). */
    async updatedTimes(kind: PublicationKind): Promise<Map<string, Date>> {
      const [items, projects] = await Promise.all([listed(kind), projectsById(DEFAULT_LOCALE)]);
      const day = today(clock());
      return new Map(items.map((row) => [card(row, DEFAULT_LOCALE, projects, day).url, row.updatedAt]));
    },

    /** The filter items with the choices the listed items have (projects by name, kinds of premises, years). */
    async specs(kind: PublicationKind, locale: Locale): Promise<SpecItem[]> {
      const [items, projects] = await Promise.all([listed(kind), projectsById(locale)]);
      const present = (item: PublicationFilterItem) => new Set(items.flatMap((row) => valuesOf[item](row)));
      const projectIds = [...present('project')].filter((id) => projects.has(id)).sort((a, b) => Number(a) - Number(b));
      const types = LOT_TYPES.filter((type) => present('realty_types').has(type));
      const years = [...present('year')].sort().reverse();
      return [
        {
          name: 'project',
          label: word(SPEC_WORDS, 'project', locale),
          kind: 'choices',
          choices: projectIds.map((id) => ({ value: id, label: projects.get(id)!.name })),
        },
        {
          name: 'realty_types',
          label: word(SPEC_WORDS, 'realty_types', locale),
          kind: 'choices',
          choices: types.map((type) => ({ value: type, label: word(LOT_TYPE_WORDS, type, locale) })),
        },
        { name: 'year', label: word(SPEC_WORDS, 'year', locale), kind: 'choices', choices: years.map((year) => ({ value: year, label: year })) },
      ];
    },

    /** For the current filter: how many items, and per item how many each choice would leave. */
    async facets(kind: PublicationKind, query: Partial<PublicationQuery> = {}): Promise<Facets> {
      const q = { ...EMPTY_QUERY, ...query };
      const items = await listed(kind);
      const out: Facets['items'] = {};
      for (const item of PUBLICATION_FILTER_ITEMS) {
        const counts: Record<string, number> = {};
        for (const row of items) for (const value of valuesOf[item](row)) counts[value] ??= 0;
        for (const row of items) if (matches(row, q, item)) for (const value of valuesOf[item](row)) counts[value] = (counts[value] ?? 0) + 1;
        out[item] = { choices: counts };
      }
      return { count: items.filter((row) => matches(row, q)).length, items: out };
    },

    /** One item by its address: a promotion by number, news and press items by slug. Ended promotions too. */
    async item(kind: PublicationKind, key: string, locale: Locale): Promise<PublicationDetail | null> {
      const all = await rows(kind);
      const row = kind === 'promo' && isId(key) ? all.find((r) => String(r.id) === key) : all.find((r) => r.slug === key);
      return row ? detail(row, all, locale) : null;
    },

    /**
     * An item as its page would show it with a draft's row (issue #42's preview, staff only): published or not, its
     * moment come or not, made by the same code as `item`, beside the live items of its kind.
     */
    async preview(draftRow: Record<string, unknown>, locale: Locale): Promise<PublicationDetail> {
      // The table's row as the editor's binding wrote it over the saved one (server/modules/content/editor/drafts.ts).
      const row = draftRow as Row;
      // The draft's picture as the page shows it: the library's look and alt text (issue #42), read as the live rows are.
      const [look] = row.imageMediaId
        ? await db.select({ alt: media.alt, crop: media.crop, focus: media.focus }).from(media).where(eq(media.id, row.imageMediaId))
        : [];
      const clean = {
        ...row,
        look: look ?? null,
        body: { ru: sanitizeRichText(row.body.ru), en: sanitizeRichText(row.body.en), zh: sanitizeRichText(row.body.zh) },
      };
      return detail(clean, await rows(row.kind), locale);
    },
  };
}
export type PublicationService = ReturnType<typeof createPublicationService>;
