import { describe, expect, it } from 'vitest';
import { demoSnapshot } from '#server/modules/catalogue/demo-snapshot.ts';
import { lotCard } from '#server/modules/catalogue/dto.ts';
import { apartmentComplex, article, breadcrumbList, LOGO_PATH, lotListing, organization } from './json-ld.tsx';
import { schemaOrgProblems } from './schema-org-check.ts';

const ORIGIN = 'https://example.ru';

/** Every kind of schema.org data the site writes, checked against schema.org 30.0 (types, properties, inheritance). */
describe('schema.org data', () => {
  it('the check itself catches an offer on an apartment, an unknown property and a bad availability', () => {
    expect(schemaOrgProblems({ '@type': 'Apartment', offers: { '@type': 'Offer', price: 1 } })).toEqual([
      expect.stringContaining('offers is not a property of Apartment'),
    ]);
    expect(schemaOrgProblems({ '@type': 'Organization', colour: 'green' })).toEqual([expect.stringContaining('colour is not in the vocabulary')]);
    expect(schemaOrgProblems({ '@type': 'Offer', availability: 'https://schema.org/ForSale' })).toEqual([expect.stringContaining('is not a ItemAvailability')]);
    expect(schemaOrgProblems({ '@type': 'RealEstateListing', offers: { '@type': 'Apartment' } })).toEqual([
      expect.stringContaining('a Apartment where Demand or Offer'),
    ]);
  });

  describe('every lot of the demo catalogue as a listing', () => {
    const snap = demoSnapshot();
    const lots = Array.from({ length: snap.lots.size }, (_, i) => lotCard(snap, i, 'en'));
    const listing = (lot: (typeof lots)[number]) =>
      lotListing(lot, `Lot ${lot.number}`, ORIGIN + lot.url, `${ORIGIN}/projects/${lot.projectId}`, ORIGIN + lot.plan.src);

    it('is valid schema.org for each kind, offer and status', () => {
      const kinds = new Set(lots.map((lot) => `${lot.type}/${lot.offer}/${lot.status}`));
      expect(kinds.size).toBeGreaterThan(6);
      for (const lot of lots) expect(schemaOrgProblems(listing(lot)), `${lot.url}`).toEqual([]);
    });

    it('puts the offer on the listing and the rooms and size on the accommodation', () => {
      const flat = lots.find((lot) => lot.type === 'flat' && lot.offer === 'sale' && lot.status === 'free')!;
      expect(listing(flat)).toMatchObject({
        '@type': 'RealEstateListing',
        mainEntity: { '@type': 'Apartment', floorSize: { value: flat.area, unitCode: 'MTK' }, numberOfRooms: Math.max(1, flat.rooms ?? 0) },
        offers: { '@type': 'Offer', price: flat.price, priceCurrency: 'RUB', availability: 'https://schema.org/InStock' },
      });
      expect(listing(flat)['offers']).not.toHaveProperty('priceSpecification');
    });

    it('prices a rented unit per month and a lease, never a sale', () => {
      const rented = lots.filter((lot) => lot.offer === 'rent');
      expect(rented.length).toBeGreaterThan(0);
      for (const lot of rented) {
        expect(listing(lot)['offers']).toMatchObject({
          businessFunction: 'https://purl.org/goodrelations/v1#LeaseOut',
          priceSpecification: { '@type': 'UnitPriceSpecification', price: lot.price, priceCurrency: 'RUB', unitCode: 'MON' },
        });
      }
    });

    it('never says a presale lot is in stock', () => {
      const presale = lots.filter((lot) => lot.offer === 'presale');
      expect(presale.length).toBeGreaterThan(0);
      for (const lot of presale) expect(listing(lot)['offers']).not.toMatchObject({ availability: 'https://schema.org/InStock' });
    });
  });

  it('the organisation has its logo, an absolute address of the site mark', () => {
    const data = organization(
      { companyName: 'North Line', legalName: 'North Line LLC', address: '1 Main St', phones: [{ number: '+7 800 000-00-00' }], email: 'a@b.ru' },
      `${ORIGIN}/`,
      ORIGIN,
    );
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(data['logo']).toBe(ORIGIN + LOGO_PATH);
  });

  it.each(['news', 'promo'] as const)('a %s item is an article with image, author and dates', (kind) => {
    const data = article(
      { kind, title: 'Title', lead: 'Lead', publishedAt: '2026-11-10', updatedAt: '2026-11-12T08:00:00.000Z' },
      `${ORIGIN}/${kind}/x`,
      `${ORIGIN}/img/x.jpg`,
      { name: 'North Line', url: `${ORIGIN}/`, logo: ORIGIN + LOGO_PATH },
    );
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      image: `${ORIGIN}/img/x.jpg`,
      author: { '@type': 'Organization', name: 'North Line' },
      dateModified: '2026-11-12T08:00:00.000Z',
    });
  });

  it('breadcrumbs and a residential complex are valid', () => {
    expect(schemaOrgProblems(breadcrumbList([{ label: 'Home', url: `${ORIGIN}/` }, { label: 'Page' }]))).toEqual([]);
    expect(schemaOrgProblems(apartmentComplex({ name: 'Linden', description: 'd', address: 'a', district: 'c', lotsLeft: 3 }, `${ORIGIN}/projects/1`))).toEqual(
      [],
    );
  });
});
