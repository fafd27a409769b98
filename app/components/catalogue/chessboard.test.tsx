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
