/**
 * The demo developer's sales offices, in Russian, English and Chinese. Seed data only: the database keeps them
 * (`offices`, `office_projects`), which running code reads. Hours are Moscow time, Monday first; the photos are
 * drawn at first start (server/modules/offices/photos.ts). Phones and e-mails are invented (+7 495 000-xx-xx, @example.ru).
 */
import type { OfficeKind, OfficeWeek } from '#core/content/offices.ts';
import type { Localized } from './types.ts';
import { t } from '#core/i18n/localized.ts';

export type DemoOffice = {
  /** The number meeting leads name; kept from the booking form's first offices. */
  id: number;
  slug: string;
  kind: OfficeKind;
  name: Localized;
  address: Localized;
  phones: string[];
  email: string | null;
  schedule: OfficeWeek;
  lat: number;
  lng: number;
  /** Catalogue project ids (content/projects.ts), in the order shown. */
  projects: number[];
  meetings: boolean;
};

const day = (opens: string, closes: string, lunch?: [string, string]) => ({ opens, closes, break: lunch ? { from: lunch[0], to: lunch[1] } : null });

export const offices: DemoOffice[] = [
  {
    id: 1,
    slug: 'central',
    kind: 'head_office',
    name: t('Центральный офис продаж', 'Central sales office', '中央销售中心'),
    address: t('Москва, набережная Северного Сияния, 5', '5 Severnogo Siyaniya Embankment, Moscow', '莫斯科，北极光滨河路5号'),
    phones: ['+74950001010', '+74950001011'],
    email: 'office@example.ru',
    schedule: [
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('10:00', '19:00'),
      day('10:00', '19:00'),
    ],
    lat: 55.7512,
    lng: 37.6184,
    projects: [1, 2, 3, 4],
    meetings: true,
  },
  {
    id: 2,
    slug: 'sosnovy',
    kind: 'sales_office',
    name: t('Офис продаж «Сосновый берег»', 'Pine Shore sales office', '松林河岸销售处'),
    address: t('Москва, Сосновая набережная, 10', '10 Sosnovaya Embankment, Moscow', '莫斯科，松林滨河路10号'),
    phones: ['+74950001012'],
    email: 'sosnovy@example.ru',
    schedule: [
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('11:00', '18:00'),
      day('11:00', '18:00'),
    ],
    lat: 55.7763,
    lng: 37.4668,
    projects: [2],
    meetings: true,
  },
  {
    id: 3,
    slug: 'vysoty',
    kind: 'sales_office',
    name: t('Офис продаж «Северные высоты»', 'Northern Heights sales office', '北方高地销售处'),
    address: t('Москва, Северный проезд, 1', '1 Severny Proezd, Moscow', '莫斯科，北方通道1号'),
    phones: ['+74950001013'],
    email: 'vysoty@example.ru',
    // Closed on Mondays: the showroom is prepared for the week.
    schedule: [null, day('10:00', '20:00'), day('10:00', '20:00'), day('10:00', '20:00'), day('10:00', '20:00'), day('10:00', '20:00'), day('11:00', '18:00')],
    lat: 55.8031,
    lng: 37.5829,
    projects: [3],
    meetings: true,
  },
];
