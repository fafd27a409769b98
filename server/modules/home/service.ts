import { asc, eq } from 'drizzle-orm';
import { parseLotFilter, ROOM_CHOICES, serializeLotFilter } from '#core/catalogue/filter.ts';
import type { LotFilter } from '#core/catalogue/filter-items.ts';
import { catalogueFormat } from '#core/catalogue/format.ts';
import { SELECTOR_BUDGETS, type HomePartner, type HomeSelector, type HomeSlide } from '#core/content/home-blocks.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { loadMessages, translator } from '#core/i18n/messages.ts';
import { pick, type Localized } from '#core/schemas/localized.ts';
import { described, libraryPicture } from '#core/image/media.ts';
import type { Db } from '../../db/client.ts';
import { banks, homeSlides, media, partners } from '../../db/schema/index.ts';
import { PARTNER_LOGO_SIZE } from './partner-logos.ts';
import { BANK_LOGO_SIZE } from '../purchase/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

/** What the selector needs of the catalogue: its facet counts and its projects (the service's own calls, unchanged). */
type Catalogue = {
  facets: (filter: LotFilter, locale: Locale) => Promise<{ count: number; items: Record<string, { choices?: Record<string, number> }> }>;
  projectDirectory: () => Promise<{ id: number; name: Localized; presale: boolean }[]>;
};

/** The selector's choices as the API and the page take them (checked by the API first). */
export type SelectorQuery = { project?: string | undefined; rooms?: readonly string[] | undefined; priceMax?: number | undefined };

/**
 * The home page's main slider, partners (the partner banks, then the others) and project selector. Slides and
 * partners are read through the shared cache, so the page keeps its last good copy while the database is
 * away; the selector counts come from the catalogue's in-memory index (its filter and facets), so its numbers
 * are exactly the filter's.
 */
export function createHomeBlocksService(db: Db, catalogue: Catalogue, policy: CachePolicy = STRICT_POLICY) {
  const slideRows = cached(
    // With each slide's picture's look and description from the media library (issue #42).
    async () =>
      db
        .select({ row: homeSlides, look: { alt: media.alt, crop: media.crop, focus: media.focus } })
        .from(homeSlides)
        .leftJoin(media, eq(media.id, homeSlides.imageMediaId))
        .where(eq(homeSlides.published, true))
        .orderBy(asc(homeSlides.position), asc(homeSlides.id)),
    30_000,
    policy,
    'home slides',
  );
  // The banks are offers' data (the offers import and the back office write them), the other partners site content:
  // each cache follows its own kind's data version.
  // Each with its logo's look and alt text from the media library (issue #42), as the slides' pictures.
  const look = { alt: media.alt, crop: media.crop, focus: media.focus };
  const bankRows = cached(
    async () => db.select({ row: banks, look }).from(banks).leftJoin(media, eq(media.id, banks.logoMediaId)).orderBy(asc(banks.position), asc(banks.id)),
    30_000,
    policy,
    'partner banks',
  );
  const partnerRows = cached(
    async () =>
      db
        .select({ row: partners, look })
        .from(partners)
        .leftJoin(media, eq(media.id, partners.logoMediaId))
        .where(eq(partners.published, true))
        .orderBy(asc(partners.position), asc(partners.id)),
    30_000,
    policy,
    'partners',
  );

  /** Flats only: the selector names rooms, and its count is what the filter it leads to shows. */
  const filterOf = (q: SelectorQuery): LotFilter => {
    const params = new URLSearchParams({ type: 'flat' });
    if (q.project) params.set('project', q.project);
    if (q.rooms?.length) params.set('rooms', q.rooms.join(','));
    if (q.priceMax !== undefined) params.set('price_max', String(q.priceMax));
    const parsed = parseLotFilter(params);
    if (!parsed.ok) throw new Error(`home selector: a query the API let through is refused by the filter: ${JSON.stringify(parsed.errors)}`);
    return parsed.filter;
  };

  return {
    /** The published slides in one language; a slide's project is named while the catalogue has it. */
    async slides(locale: Locale): Promise<HomeSlide[]> {
      const [rows, projects] = await Promise.all([slideRows.get(), catalogue.projectDirectory()]);
      const names = new Map(projects.map((p) => [p.id, p.name]));
      return rows.map(({ row, look }) => {
        const name = row.projectId === null ? undefined : names.get(row.projectId);
        return {
          id: row.id,
          title: pick(row.title, locale),
          text: pick(row.text, locale),
          link: { url: row.url, label: pick(row.linkLabel, locale) },
          project: name ? { id: String(row.projectId), name: pick(name, locale) } : null,
          image: described(libraryPicture({ src: row.image, width: row.imageWidth, height: row.imageHeight }, look, locale, ''), row.imageAlt, locale),
        };
      });
    },

    /** The partner banks with a logo, then the other partners, in one language. */
    async partners(locale: Locale): Promise<HomePartner[]> {
      const [bankList, otherList] = await Promise.all([bankRows.get(), partnerRows.get()]);
      // The library's picture as every library picture is shown: its crop and focus point, its alt text in the
      // page's language, the bank's or partner's name where it has none (libraryPicture, core/image/media.ts).
      const bankPartners: HomePartner[] = bankList.flatMap(({ row: b, look }) =>
        b.logo
          ? [
              {
                id: b.id,
                kind: 'bank' as const,
                name: pick(b.name, locale),
                url: null,
                logo: libraryPicture({ src: b.logo, ...BANK_LOGO_SIZE }, look, locale, pick(b.name, locale)),
              },
            ]
          : [],
      );
      const others: HomePartner[] = otherList.map(({ row: p, look }) => ({
        id: p.id,
        kind: p.kind,
        name: pick(p.name, locale),
        url: p.url,
        logo: libraryPicture({ src: p.logo, ...PARTNER_LOGO_SIZE }, look, locale, pick(p.name, locale)),
      }));
      return [...bankPartners, ...others];
    },

    /**
     * The selector for the chosen project, rooms and budget: the flats matching them, and for each choice the
     * flats choosing it instead would give (the facet counts of the catalogue's filter; a budget's by asking
     * the filter with that `price_max`).
     */
    async selector(locale: Locale, q: SelectorQuery = {}): Promise<HomeSelector> {
      const messages = await loadMessages(locale);
      const t = translator(messages, locale);
      const format = catalogueFormat(locale, t);
      const filter = filterOf(q);
      const { priceMax: _priceMax, ...withoutBudget } = q;
      const [facets, projects, budgetCounts] = await Promise.all([
        catalogue.facets(filter, locale),
        catalogue.projectDirectory(),
        Promise.all(SELECTOR_BUDGETS.map(async (max) => (await catalogue.facets(filterOf({ ...withoutBudget, priceMax: max }), locale)).count)),
      ]);
      const projectCounts = facets.items.project?.choices ?? {};
      const roomCounts = facets.items.rooms?.choices ?? {};
      return {
        count: facets.count,
        filterUrl: `/filter?${serializeLotFilter(filter).toString()}`,
        chosen: { project: q.project ?? null, rooms: [...(q.rooms ?? [])], priceMax: q.priceMax ?? null },
        projects: projects.map((p) => ({ value: String(p.id), label: pick(p.name, locale), count: projectCounts[String(p.id)] ?? 0 })),
        rooms: ROOM_CHOICES.map((value) => ({ value, label: t(`catalogue.rooms.chip.${value}`), count: roomCounts[value] ?? 0 })),
        budgets: SELECTOR_BUDGETS.map((max, i) => ({
          value: String(max),
          label: t('homeBlocks.selector.upTo', { value: format.moneyCompact(max) }),
          count: budgetCounts[i] ?? 0,
        })),
      };
    },

    invalidate() {
      slideRows.invalidate();
      bankRows.invalidate();
      partnerRows.invalidate();
    },
  };
}
export type HomeBlocksService = ReturnType<typeof createHomeBlocksService>;
