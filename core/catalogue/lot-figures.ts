import { lotTerms } from '#core/catalogue/offer.ts';
import type { LotDetail } from '#core/catalogue/types.ts';
import type { Translate } from '#core/i18n/messages.ts';
import type { CatalogueFormat } from './format.ts';

/**
 * The lot's figures as label/value rows, in order: the one list the lot page and the lot's PDF sheet print, so
 * the three languages and the two surfaces cannot drift apart. Every number goes through the page language's
 * format (decimal comma in ru, point in en and zh). `pricePerM2: false` leaves out the price per m², which
 * the PDF prints in its price block.
 */
export function lotFigureRows(
  lot: Omit<LotDetail, 'similar'>,
  t: Translate,
  format: CatalogueFormat,
  { pricePerM2 = true }: { pricePerM2?: boolean } = {},
): [string, string][] {
  const rows: [string, string][] = [
    [t('catalogue.lot.project'), lot.projectName],
    [t('catalogue.lot.building'), lot.buildingName],
    [t('catalogue.lot.section'), String(lot.sectionNumber)],
    [t('catalogue.lot.floor'), String(lot.floor)],
    [t('catalogue.lot.area'), format.area(lot.area)],
  ];
  if (lot.livingArea !== null) rows.push([t('catalogue.lot.livingArea'), format.area(lot.livingArea)]);
  if (lot.kitchenArea !== null) rows.push([t('catalogue.lot.kitchenArea'), format.area(lot.kitchenArea)]);
  if (lot.type === 'flat') rows.push([t('catalogue.lot.rooms'), format.roomsShort(lot)]);
  if (lotTerms(lot).finish) rows.push([t('catalogue.lot.finish'), format.finish(lot.finish)]);
  rows.push([t('catalogue.lot.ceiling'), t('catalogue.common.metres', { value: format.decimal(lot.ceiling) })]);
  if (lot.view) rows.push([t('catalogue.lot.view'), lot.view]);
  if (lot.windows.length) rows.push([t('catalogue.lot.windows'), lot.windows.join(', ')]);
  rows.push([t('catalogue.lot.completion'), format.completion(lot.completion)]);
  if (lot.commercial) {
    rows.push(
      [t('catalogue.lot.purpose'), lot.commercial.purpose],
      [t('catalogue.lot.entrance'), t(lot.commercial.separateEntrance ? 'catalogue.lot.yes' : 'catalogue.lot.no')],
      [t('catalogue.lot.power'), t('catalogue.lot.powerValue', { value: format.decimal(lot.commercial.powerKw) })],
    );
  }
  if (pricePerM2) rows.push([t(lot.offer === 'rent' ? 'catalogue.lot.rentPerM2' : 'catalogue.lot.perM2'), format.money(lot.pricePerM2)]);
  return rows.filter(([, value]) => value !== '');
}
