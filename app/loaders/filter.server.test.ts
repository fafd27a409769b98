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
    expect(redirectOf('/filter?rooms=1&rooms=2&price_min=&price_max=&ordering=recommended&view=')).toBe('/filter?rooms=1,2');
    expect(redirectOf('/en/filter?type=flat&area_min=40&area_max=&ordering=-area&view=list')).toBe('/en/filter?type=flat&area_min=40&ordering=-area&view=list');
  });

  it('keeps foreign parameters and leaves tidy addresses alone', () => {
    expect(redirectOf('/filter?rooms=2&utm_source=mail&price_min=')).toBe('/filter?rooms=2&utm_source=mail');
    expect(redirectOf('/filter?rooms=1,2&price_max=9000000')).toBeNull();
    expect(redirectOf('/filter')).toBeNull();
  });
});
