/**
 * The demo developer's sales offices, in Russian, English and Chinese. Seed data only: the database keeps them
 * (`offices`, `office_projects`), which running code reads. Hours are wall-clock times in each office's time zone,
 * Monday first, with the New Year holidays and short days as dated exceptions; the photos are
 * drawn at first start (server/modules/offices/photos.ts). Phones and e-mails are invented (+7 495 000-xx-xx, @example.ru).
 */
import type { OfficeException, OfficeKind, OfficeWeek } from '#core/content/offices.ts';
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
  /** The IANA time zone its hours are in. */
  timeZone: string;
  schedule: OfficeWeek;
  /** Holidays (`hours` null) and short days. */
  exceptions: OfficeException[];
  lat: number;
  lng: number;
  /** Catalogue project ids (content/projects.ts), in the order shown. */
  projects: number[];
  meetings: boolean;
};

const day = (opens: string, closes: string, lunch?: [string, string]) => ({ opens, closes, break: lunch ? { from: lunch[0], to: lunch[1] } : null });

/** The New Year: a short day before it, the first two days of January and Christmas closed. */
const newYear = (short: [string, string]): OfficeException[] => [
  { date: '2026-12-31', hours: day(short[0], short[1]) },
  { date: '2027-01-01', hours: null },
  { date: '2027-01-02', hours: null },
  { date: '2027-01-07', hours: null },
];

export const offices: DemoOffice[] = [
  {
    id: 1,
    slug: 'central',
    kind: 'head_office',
    name: t('Центральный офис продаж', 'Central sales office', '中央销售中心'),
    address: t('Москва, набережная Северного Сияния, 5', '5 Severnogo Siyaniya Embankment, Moscow', '莫斯科，北极光滨河路5号'),
    phones: ['+74950001010', '+74950001011'],
    email: 'office@example.ru',
    timeZone: 'Europe/Moscow',
    schedule: [
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('09:00', '21:00'),
      day('10:00', '19:00'),
      day('10:00', '19:00'),
    ],
    // Open on the first weekend of the year (Saturday 2 January) for the January offers, with shorter hours.
    exceptions: [...newYear(['10:00', '16:00']).filter((e) => e.date !== '2027-01-02'), { date: '2027-01-02', hours: day('12:00', '17:00') }],
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
    timeZone: 'Europe/Moscow',
    schedule: [
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('10:00', '20:00', ['14:00', '15:00']),
      day('11:00', '18:00'),
      day('11:00', '18:00'),
    ],
    // The show flat is closed for its refit on 12 December, and the New Year.
    exceptions: [{ date: '2026-12-12', hours: null }, ...newYear(['10:00', '15:00'])],
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
    timeZone: 'Europe/Moscow',
    // Closed on Mondays: the showroom is prepared for the week; a lunch break on weekdays.
    schedule: [
      null,
      day('10:00', '20:00', ['13:00', '14:00']),
      day('10:00', '20:00', ['13:00', '14:00']),
      day('10:00', '20:00', ['13:00', '14:00']),
      day('10:00', '20:00', ['13:00', '14:00']),
      day('10:00', '20:00'),
      day('11:00', '18:00'),
    ],
    // Open on Monday 28 December for the last deals of the year, and the New Year.
    exceptions: [{ date: '2026-12-28', hours: day('10:00', '18:00') }, ...newYear(['10:00', '15:00'])],
    lat: 55.8031,
    lng: 37.5829,
    projects: [3],
    meetings: true,
  },
];
