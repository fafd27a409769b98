import { describe, expect, it } from 'vitest';
import { Chessboard } from './chessboard.tsx';
import { sectionFixture } from '#tests/fixtures/catalogue.ts';
import { renderCatalogue, textOf } from '#tests/fixtures/render.tsx';

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, body]) => ({ href: href ?? '', body: body ?? '' }));

describe('<Chessboard>', () => {
  const section = sectionFixture();

  it('renders floors top first and risers as a table with headers', () => {
    const html = renderCatalogue(<Chessboard section={section} filter={{}} filterActive={false} caption="Шахматка секции 1" />);
    expect(html).toContain('<caption class="sr-only">Шахматка секции 1</caption>');
    const rows = [...html.matchAll(/<th scope="row"[^>]*>.*?>(-?\d+)<\/a><\/th>/g)].map((m) => m[1]);
    expect(rows).toEqual(['2', '1']);
    expect(html.match(/<th [^>]*scope="col"/g)).toHaveLength(4);
  });

  it('makes lots on sale and booked ones links named in one sentence; sold ones are text', () => {
    const html = renderCatalogue(<Chessboard section={section} filter={{}} filterActive={false} caption="c" />);
    const lots = links(html).filter((link) => link.href.startsWith('/sosnovy/'));
    expect(lots.map((link) => link.href).sort()).toEqual(['/sosnovy/flat/1', '/sosnovy/flat/2', '/sosnovy/flat/3', '/sosnovy/flat/4']);
    const four = lots.find((link) => link.href === '/sosnovy/flat/4')!;
    expect(textOf(/<span class="sr-only">([^<]*)<\/span>/.exec(four.body)?.[1] ?? '')).toBe('Кв. 4, 1 комната, 61,2 м², 10 400 000 ₽, в продаже');
    expect(textOf(/<span class="sr-only">([^<]*)<\/span>/.exec(lots.find((link) => link.href === '/sosnovy/flat/1')!.body)?.[1] ?? '')).toMatch(
      /^Кв\. 1, Студия, .*, бронь$/,
    );
    // The sold flat is in the table, named, but not a link.
    expect(textOf(html)).toContain('Кв. 5, 2 комнаты, 61,2 м², продано');
    expect(html).not.toContain('/sosnovy/flat/5');
  });

  it('shows the figures of a lot in its tooltip', () => {
    const html = renderCatalogue(<Chessboard section={section} filter={{}} filterActive={false} caption="c" />);
    const four = links(html).find((link) => link.href === '/sosnovy/flat/4')!;
    expect(textOf(four.body)).toContain('1-комнатная квартира № 4 61,2 м² · 2 этаж 10 400 000 ₽');
  });

  it('neutralises the lots outside the filter and says so', () => {
    const html = renderCatalogue(<Chessboard section={section} filter={{ rooms: ['2'] }} filterActive caption="c" />);
    const names = [...html.matchAll(/<span class="sr-only">(Кв[^<]*)<\/span>/g)].map((match) => textOf(match[1] ?? ''));
    expect(names).toContain('Кв. 3, 2 комнаты, 61,2 м², 10 300 000 ₽, в продаже');
    expect(names).toContain('Кв. 4, 1 комната, 61,2 м², 10 400 000 ₽, в продаже, не подходит под фильтр');
    expect(textOf(html)).toContain('Не подходит под фильтр');
  });

  it('carries the filter on to the floor pages', () => {
    const html = renderCatalogue(<Chessboard section={section} filter={{}} filterActive={false} caption="c" carry="?rooms=2" />);
    expect(html).toContain('href="/projects/2/building/b1/section/s1/floor/f2?rooms=2"');
  });
});

describe('<Chessboard> sun layer', () => {
  // Cells as the section's loader gives them with `?layer=sun`: the lot's March minutes and the norm's verdict, none for lot 2.
  const sunny = () => {
    const section = sectionFixture();
    const minutes: Record<string, number> = { '4': 200, '5': 0, '1': 600, '3': 45 };
    for (const floor of section.floors)
      for (const lot of floor.cells) if (lot && minutes[lot.number] !== undefined) lot.sun = { march: minutes[lot.number]!, normMet: lot.number !== '5' };
    return section;
  };
  const nameOf = (html: string, number: string) =>
    textOf(
      [...html.matchAll(/<span class="sr-only">(Кв[^<]*)<\/span>/g)].map((m) => m[1] ?? '').find((name) => textOf(name).startsWith(`Кв. ${number},`)) ?? '',
    );
  const href = '/projects/2/building/b1/section/s1?layer=sun';

  it('offers the layer as a link, and the cells keep their status colours while it is off', () => {
    const html = renderCatalogue(<Chessboard section={sectionFixture()} filter={{}} filterActive={false} caption="c" sunLayer={{ on: false, href }} />);
    const toggle = links(html).find((link) => link.href === href)!;
    expect(textOf(toggle.body)).toBe('Показать солнце');
    expect(html).toContain('data-sun-layer="off"');
    expect(html).toContain('cell-free');
    expect(html).not.toMatch(/cell-sun-\d/);
    expect(nameOf(html, '4')).toBe('Кв. 4, 1 комната, 61,2 м², 10 400 000 ₽, в продаже');
  });

  it('shades each cell by its sun on 21 March, writes the hours in it and says them and the norm in its name', () => {
    const html = renderCatalogue(
      <Chessboard section={sunny()} filter={{}} filterActive={false} caption="c" sunLayer={{ on: true, href: '/projects/2/building/b1/section/s1' }} />,
    );
    expect(textOf(links(html).find((link) => link.href === '/projects/2/building/b1/section/s1')!.body)).toBe('Скрыть солнце');
    expect(html).toContain('data-sun-layer="on"');
    expect(nameOf(html, '4')).toBe('Кв. 4, 1 комната, 61,2 м², 10 400 000 ₽, в продаже, Солнце 21 марта: 3 ч 20 мин, норма инсоляции соблюдена');
    expect(nameOf(html, '5')).toBe('Кв. 5, 2 комнаты, 61,2 м², продано, Солнце 21 марта: нет прямого солнца, норма инсоляции не соблюдена');
    expect(nameOf(html, '2')).toMatch(/, нет расчёта солнца$/);
    const looks = Object.fromEntries(
      [...html.matchAll(/class="(?:group )?cell ([^"]*?)(?: focus-visible:z-20)?"[^>]*>.*?<span class="sr-only">Кв\. (\d+),/g)].map((m) => [m[2], m[1]]),
    );
    expect(looks).toEqual({ '4': 'cell-sun-2', '5': 'cell-sun-0 cell-sun-sold', '1': 'cell-sun-4', '2': 'cell-sun-none', '3': 'cell-sun-1' });
    // The hours in the cell (its second line), so the shade is not the only cue.
    expect(textOf(html)).toContain('3,3 ч');
    // The legend names every step in words, plural forms by the language's rules.
    const legend = textOf(/<ul[^>]*aria-label="Солнце 21 марта"[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? '');
    expect(legend).toBe('Солнце 21 марта нет прямого солнца меньше 3 часов от 3 до 6 часов от 6 до 9 часов 9 часов и больше нет расчёта солнца');
  });
});
