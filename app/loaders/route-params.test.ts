import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { carriedFilter, filterQuery, lotRoute, projectRoute, readLotFilter, seoFilterRoute } from '#app/loaders/route-params.ts';

const url = (path: string) => new URL(`http://localhost${path}`);

function notFound(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    const response = error as { type?: string; data?: { message?: string }; init?: { status?: number } };
    if (response.init?.status === 404 || isRouteErrorResponse(error)) return response.data?.message ?? '';
    throw error;
  }
  throw new Error('expected a 404');
}

describe('validate rules', () => {
  it('accepts project ids of letters, digits, _ and -', () => {
    expect(projectRoute(url('/projects/1/building/b-1'), { id: '1', buildingId: 'b-1' })).toMatchObject({
      shared: false,
      projectId: '1',
      buildingId: 'b-1',
    });
    expect(projectRoute(url('/shared-projects/x_2'), { sharedProjectsId: 'x_2' })).toMatchObject({ shared: true, scope: { shared: true } });
  });

  it('answers 404 "Page Not Found: {full path}" for anything else', () => {
    expect(notFound(() => projectRoute(url('/projects/1/building/bad!id?x=1'), { id: '1', buildingId: 'bad!id' }))).toBe(
      'Page Not Found: /projects/1/building/bad!id?x=1',
    );
    expect(notFound(() => projectRoute(url('/projects/1/building/1/section/a%20b'), { id: '1', buildingId: '1', sectionId: 'a b' }))).toBe(
      'Page Not Found: /projects/1/building/1/section/a b',
    );
    expect(notFound(() => lotRoute(url('/lipovy/castle/12'), { projectShortSlug: 'lipovy', lotType: 'castle', number: '12' }))).toBe(
      'Page Not Found: /lipovy/castle/12',
    );
    expect(notFound(() => lotRoute(url('/Lipovy/flat/12'), { projectShortSlug: 'Lipovy', lotType: 'flat', number: '12' }))).toMatch(/^Page Not Found/);
    expect(notFound(() => seoFilterRoute(url('/filter/a.b'), { slug: 'a.b' }))).toBe('Page Not Found: /filter/a.b');
  });

  it('passes a lot address through', () => {
    expect(lotRoute(url('/lipovy/parking/P-12'), { projectShortSlug: 'lipovy', lotType: 'parking', number: 'P-12' })).toEqual({
      slug: 'lipovy',
      type: 'parking',
      number: 'P-12',
    });
  });
});

describe('readLotFilter', () => {
  it('reads a clean filter', () => {
    expect(readLotFilter(new URLSearchParams('rooms=1,2&price_max=9000000'))).toEqual({ filter: { rooms: ['1', '2'], price_max: 9_000_000 }, dropped: [] });
  });

  it('drops what it cannot read instead of failing the page', () => {
    expect(readLotFilter(new URLSearchParams('rooms=9&type=flat&ordering=name'))).toEqual({ filter: { type: ['flat'] }, dropped: ['rooms', 'ordering'] });
    expect(readLotFilter(new URLSearchParams('price_min=10&price_max=5&area_min=3'))).toEqual({ filter: { area_min: 3 }, dropped: ['price_min'] });
  });
});

describe('filterQuery', () => {
  it('keeps commas readable and adds page parameters', () => {
    expect(filterQuery({ rooms: ['1', '2'], type: ['flat'] }, { layout: 'list', none: undefined })).toBe('?type=flat&rooms=1,2&layout=list');
    expect(filterQuery({})).toBe('');
  });

  it('carries only the criteria a lower screen applies', () => {
    expect(carriedFilter({ project: ['1'], building: ['2'], rooms: ['2'], offset: 24, ordering: 'price', limit: 10 })).toEqual({ rooms: ['2'] });
  });
});
