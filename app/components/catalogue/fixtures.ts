/** Contract-shaped test data for the catalogue components' unit tests (never imported by pages). */
import type { LotCard, ProjectCard, SectionDetail } from '#core/catalogue/types.ts';

export function lotFixture(overrides: Partial<LotCard> = {}): LotCard {
  return {
    id: 'lot-45',
    number: '45',
    type: 'flat',
    status: 'free',
    offer: 'sale',
    projectId: '2',
    projectName: 'Сосновый берег',
    projectShortSlug: 'sosnovy',
    buildingId: 'b1',
    buildingName: 'Корпус 1',
    sectionId: 's1',
    sectionNumber: 1,
    floorId: 'f12',
    floor: 12,
    rooms: 2,
    euro: false,
    area: 61.2,
    livingArea: 32.4,
    kitchenArea: 12.1,
    price: 12_400_000,
    pricePerM2: 202_614,
    oldPrice: null,
    finish: 'whitebox',
    ceiling: 3,
    view: 'Река',
    completion: '2027-Q4',
    plan: { src: 'demo/floor-plan.png', width: 3200, height: 2000, alt: 'Планировка' },
    url: '/sosnovy/flat/45',
    ...overrides,
  };
}

export function projectFixture(overrides: Partial<ProjectCard> = {}): ProjectCard {
  return {
    id: '2',
    shortSlug: 'sosnovy',
    shared: false,
    name: 'Сосновый берег',
    tagline: 'Дома между сосновым парком и рекой',
    status: 'construction',
    district: 'Хорошёво-Мнёвники',
    address: 'Москва, Живописная улица, 21',
    completion: '2027-Q4',
    completionLabel: 'IV квартал 2027 года',
    image: { src: 'demo/hero.jpg', width: 3200, height: 2000, alt: 'Сосновый берег' },
    lotsLeft: 312,
    lotsLeftByType: { flat: 280, parking: 32 },
    lotsForRent: 0,
    minPrice: 8_900_000,
    url: '/projects/2',
    ...overrides,
  };
}

export function sectionFixture(): SectionDetail {
  const lot = (n: number, floor: number, status: LotCard['status'], rooms: number) =>
    lotFixture({ id: `lot-${n}`, number: String(n), floor, status, rooms, url: `/sosnovy/flat/${n}`, price: 10_000_000 + n * 100_000 });
  return {
    id: 's1',
    number: 1,
    buildingId: 'b1',
    projectId: '2',
    risers: 3,
    url: '/projects/2/building/b1/section/s1',
    floors: [
      { id: 'f2', number: 2, url: '/projects/2/building/b1/section/s1/floor/f2', cells: [lot(4, 2, 'free', 1), lot(5, 2, 'sold', 2), null] },
      { id: 'f1', number: 1, url: '/projects/2/building/b1/section/s1/floor/f1', cells: [lot(1, 1, 'booked', 0), lot(2, 1, 'free', 3), lot(3, 1, 'free', 2)] },
    ],
  };
}
