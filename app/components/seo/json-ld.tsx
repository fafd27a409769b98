import type { LotCard, ProjectDetail } from '#core/catalogue/types.ts';
import type { PublicationDetail } from '#core/content/publications.ts';
import { useLocalePath } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';
import { useDevice } from '#app/lib/device-context.tsx';
import { buildUsageSet, type ImageUsageName, type PictureSource } from '#core/image/usages.ts';

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

/** The site's mark (the icon every page links), as the organisation's logo. */
export const LOGO_PATH = '/favicon.svg';

/** The site's origin (`https://example.ru`), for absolute addresses of images and files. */
export function useSiteOrigin(): string {
  return useRootData()?.siteOrigin ?? '';
}

/**
 * The absolute address of a picture as the page draws it for `usage` (the same URL as its `<img src>`: signed on the
 * server when signing is on), for schema.org `image`.
 */
export function usePictureUrl(): (picture: PictureSource, usage: ImageUsageName) => string {
  const origin = useSiteOrigin();
  const device = useDevice();
  return (picture, usage) => origin + (picture.imageSets?.[usage] ?? buildUsageSet(usage, picture, device)).src;
}

/** The developer as an organisation: name, site, logo, phone and address. */
export function organization(
  settings: { companyName: string; legalName: string; address: string; phones: { number: string }[]; email: string },
  url: string,
  origin: string,
): Thing {
  return {
    '@type': 'Organization',
    name: settings.companyName,
    legalName: settings.legalName,
    url,
    logo: origin + LOGO_PATH,
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

/**
 * schema.org availability of a lot's offer, from its one state: a booked or reserved lot is `Reserved`, a sold one `SoldOut`, one in
 * an auction `PreSale` until the auction starts and `InStock` while it runs; a lot of a project whose
 * sales have not started is never `InStock` but `PreOrder` (buyers join the waiting list).
 */
function availability(lot: Pick<LotCard, 'status' | 'offer' | 'auction'>): string {
  if (lot.status === 'sold') return 'https://schema.org/SoldOut';
  // Booked by the sales team, reserved online with a deposit, or held while its buyer pays: taken, not for sale.
  if (lot.status === 'booked' || lot.status === 'reserved' || lot.status === 'held') return 'https://schema.org/Reserved';
  // In an auction: sold by bids from its start (PreSale until then), at the best bid or the start price.
  if (lot.status === 'auction') return lot.auction?.phase === 'live' ? 'https://schema.org/InStock' : 'https://schema.org/PreSale';
  return lot.offer === 'presale' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock';
}

/**
 * A lot as a real-estate listing (REFERENCE "schema.org for lots"): the listing page is about the apartment (flats)
 * or accommodation (parking, storage, commercial) with its size, rooms and building, and carries the offer
 * (`offers` belongs to the listing, a CreativeWork, not to the accommodation). A rented unit's offer is a lease
 * priced per month (UN/CEFACT `MON`); a presale lot is pre-order, never in stock.
 */
export function lotListing(lot: LotCard, name: string, url: string, projectUrl: string, image: string): Thing {
  const rent = lot.offer === 'rent';
  // A lot in an auction is offered at its auction's figure (the best bid, else the start price) until the auction ends.
  const auction = lot.auction;
  const price = auction ? (auction.bestAmount ?? auction.startPrice) : lot.price;
  return {
    '@type': 'RealEstateListing',
    name,
    url,
    image,
    mainEntity: {
      '@type': lot.type === 'flat' ? 'Apartment' : 'Accommodation',
      name,
      floorLevel: String(lot.floor),
      floorSize: { '@type': 'QuantitativeValue', value: lot.area, unitCode: 'MTK' },
      ...(lot.type === 'flat' && lot.rooms !== null ? { numberOfRooms: Math.max(1, lot.rooms) } : {}),
      containedInPlace: { '@type': 'ApartmentComplex', name: lot.projectName, url: projectUrl },
    },
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'RUB',
      availability: availability(lot),
      ...(auction ? { availabilityStarts: auction.startsAt, availabilityEnds: auction.endsAt } : {}),
      businessFunction: rent ? 'https://purl.org/goodrelations/v1#LeaseOut' : 'https://purl.org/goodrelations/v1#Sell',
      ...(rent ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: lot.price, priceCurrency: 'RUB', unitCode: 'MON' } } : {}),
    },
  };
}

/** A news item or promotion as an article: its picture, dates, and the developer as author and publisher. */
export function article(
  item: Pick<PublicationDetail, 'kind' | 'title' | 'lead' | 'publishedAt' | 'updatedAt'>,
  url: string,
  image: string,
  developer: { name: string; url: string; logo: string },
): Thing {
  const organisation = { '@type': 'Organization', name: developer.name, url: developer.url, logo: developer.logo };
  return {
    '@type': item.kind === 'news' ? 'NewsArticle' : 'Article',
    headline: item.title,
    description: item.lead,
    image,
    datePublished: item.publishedAt,
    dateModified: item.updatedAt,
    url,
    author: organisation,
    publisher: organisation,
  };
}
