import { hoursOf, openingHoursSpecification, type OfficeView } from '#core/content/offices.ts';

type Thing = Record<string, unknown>;

/**
 * A sales office as schema.org `LocalBusiness` (on /contacts, beside the developer's `Organization`): its name,
 * address, phones, e-mail, map point, picture and `openingHoursSpecification` from the same hours its card shows
 * and its meeting slots follow.
 */
export function localBusiness(office: Omit<OfficeView, 'photo'>, ids: { self: string; organization: string; url: string; image?: string | undefined }): Thing {
  return {
    '@type': 'LocalBusiness',
    '@id': ids.self,
    name: office.name,
    url: ids.url,
    parentOrganization: { '@id': ids.organization },
    ...(ids.image ? { image: ids.image } : {}),
    address: { '@type': 'PostalAddress', streetAddress: office.address, addressCountry: 'RU' },
    telephone: office.phones[0],
    ...(office.email ? { email: office.email } : {}),
    geo: { '@type': 'GeoCoordinates', latitude: office.lat, longitude: office.lng },
    openingHoursSpecification: openingHoursSpecification(hoursOf(office)),
  };
}
