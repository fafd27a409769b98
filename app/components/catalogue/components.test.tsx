import { describe, expect, it } from 'vitest';
import type { FloorDetail, ProjectDetail } from '#core/catalogue/types.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { translator } from '#app/lib/i18n.tsx';
import { CompareTable } from './compare-table.tsx';
import { completionText } from './completion.ts';
import { FloorPlan } from './floor-plan.tsx';
import { catalogueFormat, lotAccessibleName } from './format.ts';
import { lotFixture, projectFixture } from '#tests/fixtures/catalogue.ts';
import { ProjectCard } from './project-card.tsx';
import { GenplanMap } from './genplan.tsx';
import { Indicators } from './indicators.tsx';
import { RangeSlider } from './range-slider.tsx';
import { SelectionButton } from './selection-button.tsx';
import { renderCatalogue, textOf } from '#tests/fixtures/render.tsx';

const plan = { src: 'demo/floor-plan.png', width: 1600, height: 1000, alt: 'План' };

describe('lot wording', () => {
  const t = { ru: translator(ru, 'ru'), en: translator(en, 'en'), zh: translator(zh, 'zh') };

  it('names a lot in one sentence in each language', () => {
    const lot = lotFixture();
    const clean = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(clean(lotAccessibleName(catalogueFormat('ru', t.ru), lot))).toBe('Кв. 45, 2 комнаты, 61,2 м², 12 400 000 ₽, в продаже');
    expect(clean(lotAccessibleName(catalogueFormat('en', t.en), lot))).toBe('Flat 45, 2 rooms, 61.2 m², ₽12,400,000, for sale');
    expect(clean(lotAccessibleName(catalogueFormat('zh', t.zh), { ...lot, status: 'sold' }))).toBe('45 号公寓, 2 室, 61.2 平方米, 已售');
  });

  it('titles flats by rooms, studios and euro layouts, other lots by type', () => {
    const format = catalogueFormat('ru', t.ru);
    expect(format.lotTitle(lotFixture({ rooms: 0 }))).toBe('Студия № 45');
    expect(format.lotTitle(lotFixture({ rooms: 3, euro: true }))).toBe('Евро-3 № 45');
    expect(format.lotTitle(lotFixture({ type: 'parking', rooms: null, number: 'P-7' }))).toBe('Машино-место № P-7');
    expect(format.plural('catalogue.plural.lotsLeft', 21)).toBe('21 лот в продаже');
    expect(format.plural('catalogue.plural.lotsLeft', 24)).toBe('24 лота в продаже');
    expect(format.plural('catalogue.plural.lotsLeft', 25)).toBe('25 лотов в продаже');
  });

  it('says a unit for rent is for rent, with the rent per month and per m² per month, in each language', () => {
    const unit = lotFixture({ type: 'commercial', rooms: null, number: '9', offer: 'rent', price: 120_000, pricePerM2: 1_500, area: 80 });
    const clean = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const ruF = catalogueFormat('ru', t.ru);
    expect(clean(ruF.price(unit))).toBe('120 000 ₽/мес');
    expect(clean(ruF.lotPerM2(unit))).toBe('1 500 ₽ за м² в месяц');
    expect(clean(lotAccessibleName(ruF, unit))).toBe('Пом. 9, 80 м², 120 000 ₽/мес, сдаётся в аренду');
    const enF = catalogueFormat('en', t.en);
    expect(clean(enF.price(unit))).toBe('₽120,000/mo');
    expect(enF.lotStatus(unit)).toBe('For rent');
    expect(enF.lotStatus({ ...unit, status: 'sold' })).toBe('Let');
    const zhF = catalogueFormat('zh', t.zh);
    expect(clean(zhF.price(unit))).toBe('₽120,000/月');
    expect(zhF.lotStatus(unit)).toBe('出租');
    // A lot for sale keeps its plain price and status.
    expect(clean(ruF.price(lotFixture()))).toBe('12 400 000 ₽');
    expect(ruF.lotStatus(lotFixture())).toBe('В продаже');
  });

  it('titles the request form with the lot it is about, in the case each language needs', () => {
    expect(catalogueFormat('ru', t.ru).requestTitle(lotFixture({ rooms: 1, number: '84' }))).toBe('Заявка на 1-комнатную квартиру № 84');
    expect(catalogueFormat('ru', t.ru).requestTitle(lotFixture({ rooms: 0, number: '3' }))).toBe('Заявка на студию № 3');
    expect(catalogueFormat('ru', t.ru).requestTitle(lotFixture({ type: 'pantry', rooms: null, number: '12' }))).toBe('Заявка на кладовую № 12');
    expect(catalogueFormat('en', t.en).requestTitle(lotFixture({ rooms: 1, number: '84' }))).toBe('Request for 1-room flat No. 84');
    expect(catalogueFormat('zh', t.zh).requestTitle(lotFixture({ rooms: 1, number: '84' }))).toBe('咨询申请：1 居室 84 号');
  });

  it('spells completion quarters', () => {
    expect(completionText('2027-Q4', t.ru)).toBe('IV квартал 2027');
    expect(completionText(null, t.ru)).toBe('Дом сдан');
    expect(completionText('2028-Q1', t.en)).toBe('Q1 2028');
  });
});

describe('<ProjectCard>', () => {
  it('counts premises for rent apart from the lots for sale', () => {
    const html = renderCatalogue(<ProjectCard project={projectFixture({ lotsLeft: 289, lotsLeftByType: { flat: 280, commercial: 9 }, lotsForRent: 4 })} />);
    // (textOf spaces out React's text-node markers: join the colon back.)
    const text = textOf(html).replace(/\s+/g, ' ').replace(/ :/g, ':');
    expect(text).toContain('Коммерция 9');
    expect(text).toContain('В аренду: Коммерция 4');
    expect(textOf(renderCatalogue(<ProjectCard project={projectFixture()} />))).not.toContain('В аренду');
  });
});

describe('<GenplanMap>', () => {
  const genplan: ProjectDetail['genplan'] = {
    image: { src: 'demo/masterplan.jpg', width: 1600, height: 1000, alt: 'Генплан' },
    buildings: [
      { id: 'b1', name: 'Корпус 1', outline: 'M100 100H500V300H100Z', lotsLeft: 45, url: '/projects/2/building/b1' },
      { id: 'b2', name: 'Корпус 2', outline: 'M600 100H900V300H600Z', lotsLeft: 0, url: '/projects/2/building/b2' },
    ],
  };

  it('draws each building as a labelled link over the picture, with a badge at its centre, and lists them too', () => {
    const html = renderCatalogue(<GenplanMap genplan={genplan} />);
    expect(html).toMatch(/<svg viewBox="0 0 1600 1000"[^>]*role="group" aria-label="Генплан: корпуса"/);
    expect(html).toContain('aria-label="Корпус 1, 45 лотов в продаже"');
    expect(html).toContain('aria-label="Корпус 2, Всё продано"');
    expect(html).toContain('<g transform="translate(300 200)">');
    expect(html.match(/href="\/projects\/2\/building\/b1"/g)).toHaveLength(2);
  });

  it('says a building of a project in presale is coming to sale, never sold out', () => {
    const presale = { ...genplan, buildings: genplan.buildings.map((b) => ({ ...b, lotsLeft: 0 })) };
    const html = renderCatalogue(<GenplanMap genplan={presale} presale />);
    expect(html).toContain('aria-label="Корпус 1, Скоро в продаже"');
    expect(html).not.toContain('Всё продано');
    expect(html).not.toMatch(/\d+ лот/);
  });
});

describe('<FloorPlan>', () => {
  const floor: FloorDetail = {
    id: 'f1',
    number: 7,
    sectionId: 's1',
    buildingId: 'b1',
    projectId: '2',
    plan,
    lots: [
      { ...lotFixture({ id: 'a', number: '10', status: 'free', url: '/sosnovy/flat/10' }), shape: 'M0 0H100V100H0Z' },
      { ...lotFixture({ id: 'b', number: '11', status: 'sold', url: '/sosnovy/flat/11' }), shape: 'M100 0H200V100H100Z' },
      { ...lotFixture({ id: 'c', number: '12', status: 'booked', url: '/sosnovy/flat/12' }), shape: 'M200 0H300V100H200Z' },
    ],
    neighbours: { below: null, above: null },
    floors: [{ number: 7, url: '/x' }],
    url: '/x',
  };

  it('links lots on sale and booked ones from the plan; sold ones are drawn but not clickable', () => {
    const html = renderCatalogue(<FloorPlan floor={floor} filter={{}} filterActive={false} />);
    const svg = /<svg viewBox="0 0 1600 1000".*?<\/svg>/s.exec(html)?.[0] ?? '';
    expect(svg.match(/<a /g)).toHaveLength(2);
    expect(svg).toContain('href="/sosnovy/flat/10"');
    expect(svg).toContain('href="/sosnovy/flat/12"');
    expect(svg).not.toContain('href="/sosnovy/flat/11"');
    expect(svg).toContain('d="M100 0H200V100H100Z"');
    expect(textOf(html)).toContain('Лоты на этаже: 3');
  });
});

describe('<CompareTable>', () => {
  it('marks the rows whose values differ, and can hide the others', () => {
    const lots = [lotFixture({ id: 'a', number: '1', price: 10_000_000 }), lotFixture({ id: 'b', number: '2', price: 11_000_000 })];
    const html = renderCatalogue(<CompareTable lots={lots} onlyDiff={false} />);
    expect(html).toContain('Сравнение лотов: 2');
    const rowHeaders = [...html.matchAll(/<th scope="row"[^>]*>(.*?)<\/th>/g)].map((m) => textOf(m[1] ?? '').replace(/\( | \)/g, (p) => p.trim()));
    expect(rowHeaders.filter((text) => text.includes('различаются'))).toEqual(['Цена (значения различаются)']);
    expect(rowHeaders).toContain('Общая площадь');
    const only = renderCatalogue(<CompareTable lots={lots} onlyDiff />);
    expect(only.match(/<th scope="row"/g)).toHaveLength(1);
  });
});

describe('<RangeSlider>', () => {
  it('server-renders the number fields the GET form submits, and the thumbs only once interactive', () => {
    const html = renderCatalogue(
      <RangeSlider name="price" label="Цена" bounds={{ min: 5e6, max: 3e7 }} value={{ max: 2e7 }} onChange={() => {}} format={String} />,
    );
    expect(html).toMatch(/<input[^>]*name="price_min"[^>]*value=""/);
    expect(html).toMatch(/<input[^>]*name="price_max"[^>]*value="20000000"/);
    expect(html).toContain('aria-label="Цена до"');
    expect(html).not.toContain('type="range"');
  });
});

describe('<Indicators>', () => {
  it('folds the indicators after the first four into a <details>', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ value: String(i), label: `L${i}` }));
    const html = renderCatalogue(<Indicators items={items} />);
    expect(html.match(/<dt/g)).toHaveLength(6);
    expect(html.indexOf('<details')).toBeGreaterThan(html.indexOf('L3'));
    expect(textOf(html)).toContain('Ещё 2');
  });
});

describe('<SelectionButton>', () => {
  it('is a form posting to /selection, pressed when the page data names the lot (only /selection reads the cookie)', () => {
    const off = renderCatalogue(<SelectionButton lotId="l1" lotName="Кв. 1" />, { path: '/en/filter?rooms=1' });
    const form = /<form [^>]*>/.exec(off)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/selection"');
    expect(off).toContain('name="intent" value="toggle"');
    expect(off).toContain('name="redirectTo" value="/en/filter?rooms=1"');
    expect(off).toContain('aria-pressed="false"');
    expect(off).toContain('aria-label="В избранное: Кв. 1"');
    const on = renderCatalogue(<SelectionButton lotId="l1" lotName="Кв. 1" />, { selectionIds: ['l1'] });
    expect(on).toContain('aria-pressed="true"');
  });
});
