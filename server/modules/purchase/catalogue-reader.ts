import type { LotType } from '#core/catalogue/types.ts';
import type { FinanceLot, FinanceProgramme } from '#core/purchase/types.ts';
import type { CatalogueServiceImpl } from '../catalogue/index.ts';

/** What the purchase calls read of the catalogue. */
export type Catalogue = Pick<CatalogueServiceImpl, 'filter' | 'facets' | 'lotsByIds' | 'projects'>;
type Range = { min: number; max: number };

/** One request's reads of the catalogue, asked once each: lots on sale by project and kind, and named lots. */
export function catalogueReader(catalogue: Catalogue) {
  const facets = new Map<string, Promise<{ count: number; range: Range | null }>>();
  const cheapest = new Map<string, Promise<number | null>>();
  const typical = new Map<string, Promise<number | null>>();
  const named = new Map<string, Promise<FinanceLot[]>>();
  const filterOf = (projects: readonly string[], types: readonly LotType[]) => ({
    ...(projects.length ? { project: [...projects] } : {}),
    ...(types.length ? { type: [...types] } : {}),
  });
  const keyOf = (projects: readonly string[], types: readonly LotType[]) => `${[...projects].sort().join(',')}|${[...types].sort().join(',')}`;
  const reader = {
    /** Lots for sale (free: the one meaning of "for sale") of these projects and kinds (all when empty): how many, and their price range. */
    onSale(projects: readonly string[], types: readonly LotType[]) {
      const key = keyOf(projects, types);
      let found = facets.get(key);
      if (!found) {
        found = catalogue.facets(filterOf(projects, types), 'ru').then((f) => ({ count: f.count, range: f.count ? (f.items.price?.range ?? null) : null }));
        facets.set(key, found);
      }
      return found;
    },
    cheapest(projects: readonly string[], types: readonly LotType[]) {
      const key = keyOf(projects, types);
      let found = cheapest.get(key);
      if (!found) {
        found = catalogue.filter({ ...filterOf(projects, types), ordering: 'price', limit: 1 }, 'ru').then((page) => page.results[0]?.price ?? null);
        cheapest.set(key, found);
      }
      return found;
    },
    /** The median price of the lots on sale: a calculator's starting price that most buyers recognise. */
    typical(projects: readonly string[], types: readonly LotType[]) {
      const key = keyOf(projects, types);
      let found = typical.get(key);
      if (!found) {
        found = reader.onSale(projects, types).then(async ({ count }) => {
          if (!count) return null;
          const page = await catalogue.filter({ ...filterOf(projects, types), ordering: 'price', limit: 1, offset: Math.floor((count - 1) / 2) }, 'ru');
          return page.results[0]?.price ?? null;
        });
        typical.set(key, found);
      }
      return found;
    },
    /** The lots a programme names, as the payment maths reads them (unknown ids left out). */
    namedLots(p: FinanceProgramme) {
      let found = named.get(p.id);
      if (!found) {
        found = catalogue
          .lotsByIds(p.lots, 'ru')
          .then((cards) => cards.map((c) => ({ id: c.id, projectId: c.projectId, type: c.type, offer: c.offer, price: c.price })));
        named.set(p.id, found);
      }
      return found;
    },
  };
  return reader;
}
export type Reader = ReturnType<typeof catalogueReader>;
