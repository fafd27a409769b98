import { describe, expect, it } from 'vitest';
import { canonicalFilterRedirect } from '#app/loaders/filter.server.ts';
import { readLotFilter } from '#app/loaders/route-params.ts';

function redirectOf(path: string): string | null {
  const url = new URL(`http://localhost${path}`);
  try {
    canonicalFilterRedirect(url, readLotFilter(url.searchParams).filter);
    return null;
  } catch (error) {
    if (error instanceof Response) return error.headers.get('location');
    throw error;
  }
}

describe('canonicalFilterRedirect', () => {
  it('turns a no-JavaScript submit into the address JavaScript writes', () => {
    expect(redirectOf('/filter?rooms=1&rooms=2&price_min=&price_max=&ordering=recommended&layout=')).toBe('/filter?rooms=1,2');
    expect(redirectOf('/en/filter?type=flat&area_min=40&area_max=&ordering=-area&layout=list')).toBe(
      '/en/filter?type=flat&area_min=40&ordering=-area&layout=list',
    );
  });

  it("keeps the filter's view tags apart from the results' layout", () => {
    expect(redirectOf('/filter?view=park&view=water&layout=list&rooms=')).toBe('/filter?view=park,water&layout=list');
    expect(redirectOf('/filter?view=park,water&layout=list')).toBeNull();
  });

  it('sends an address from before the layout had its own name to the same page with layout=, for good', () => {
    const url = new URL('http://localhost/en/filter?rooms=2&view=list&utm_source=mail');
    let answer: Response | null = null;
    try {
      canonicalFilterRedirect(url, readLotFilter(url.searchParams).filter);
    } catch (error) {
      if (error instanceof Response) answer = error;
    }
    expect(answer?.status).toBe(301);
    expect(answer?.headers.get('location')).toBe('/en/filter?rooms=2&layout=list&utm_source=mail');
    expect(redirectOf('/filter?view=grid&rooms=1')).toBe('/filter?rooms=1');
    expect(redirectOf('/filter?view=park,list')).toBe('/filter?view=park&layout=list');
    expect(redirectOf('/filter?view=list&view=park')).toBe('/filter?view=park&layout=list');
  });

  it('keeps foreign parameters and leaves tidy addresses alone', () => {
    expect(redirectOf('/filter?rooms=2&utm_source=mail&price_min=')).toBe('/filter?rooms=2&utm_source=mail');
    expect(redirectOf('/filter?rooms=1,2&price_max=9000000')).toBeNull();
    expect(redirectOf('/filter')).toBeNull();
  });
});
