import type { LotDetail, ProjectDetail } from '#core/catalogue/types.ts';
import type { PublicationDetail } from '#core/content/publications.ts';
import { useLocalePath } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';

type Thing = Record<string, unknown>;

/**
 * schema.org data for search engines (REFERENCE "schema.org for lots"): a data block, not a script, so the
 * CSP does not apply to it. `<` is escaped so no text can close the element.
 */
export function JsonLd({ data }: { data: Thing | Thing[] }) {
  const json = JSON.stringify(Array.isArray(data) ? data.map(withContext) : withContext(data)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

const withContext = (thing: Thing): Thing => ({ '@context': 'https://schema.org', ...thing });

/** Absolute URLs of this site's pages in the visitor's language. */
export function useAbsoluteUrl(): (path: string) => string {
  const lp = useLocalePath();
  const origin = useRootData()?.siteOrigin ?? '';
  return (path: string) => origin + lp(path);
}

/** The developer as an organisation: name, site, phone and address. */
export function organization(
  settings: { companyName: string; legalName: string; address: string; phones: { number: string }[]; email: string },
  url: string,
): Thing {
  return {
    '@type': 'Organization',
    name: settings.companyName,
    legalName: settings.legalName,
    url,
    email: settings.email,
    telephone: settings.phones[0]?.number,
    address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'RU' },
  };
}

/** The trail of a page: home, then each crumb (the last one is the page itself). */
export function breadcrumbList(crumbs: { label: string; url?: string | undefined }[]): Thing {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.label, ...(crumb.url ? { item: crumb.url } : {}) })),
  };
}

/** A residential complex with its address and what it costs from. */
export function apartmentComplex(project: Pick<ProjectDetail, 'name' | 'description' | 'address' | 'district' | 'lotsLeft'>, url: string): Thing {
  return {
    '@type': 'ApartmentComplex',
    name: project.name,
    description: project.description,
    url,
    address: { '@type': 'PostalAddress', streetAddress: project.address, addressRegion: project.district, addressCountry: 'RU' },
    numberOfAvailableAccommodationUnits: project.lotsLeft,
  };
}

const AVAILABILITY = { free: 'https://schema.org/InStock', booked: 'https://schema.org/LimitedAvailability', sold: 'https://schema.org/SoldOut' } as const;

/** A lot as an apartment (flats) or accommodation (parking, storage, commercial), with its offer. */
export function lotOffer(lot: LotDetail, name: string, url: string, projectUrl: string): Thing {
  const rent = lot.commercial?.advertisement === 'rent';
  return {
    '@type': lot.type === 'flat' ? 'Apartment' : 'Accommodation',
    name,
    url,
    floorLevel: String(lot.floor),
    floorSize: { '@type': 'QuantitativeValue', value: lot.area, unitCode: 'MTK' },
    ...(lot.type === 'flat' && lot.rooms !== null ? { numberOfRooms: Math.max(1, lot.rooms) } : {}),
    containedInPlace: { '@type': 'ApartmentComplex', name: lot.projectName, url: projectUrl },
    offers: {
      '@type': 'Offer',
      url,
      price: lot.price,
      priceCurrency: 'RUB',
      availability: AVAILABILITY[lot.status],
      businessFunction: rent ? 'https://purl.org/goodrelations/v1#LeaseOut' : 'https://purl.org/goodrelations/v1#Sell',
      ...(rent ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: lot.price, priceCurrency: 'RUB', unitCode: 'MON' } } : {}),
    },
  };
}

/** A news item or promotion as an article with its date and publisher. */
export function article(item: Pick<PublicationDetail, 'kind' | 'title' | 'lead' | 'publishedAt'>, url: string, publisher: string): Thing {
  return {
    '@type': item.kind === 'news' ? 'NewsArticle' : 'Article',
    headline: item.title,
    description: item.lead,
    datePublished: item.publishedAt,
    url,
    publisher: { '@type': 'Organization', name: publisher },
  };
}
