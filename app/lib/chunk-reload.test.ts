import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadError, shouldReload } from './chunk-reload.ts';

describe('chunk error reload guard', () => {
  it('reloads once per path within 10 seconds', () => {
    expect(shouldReload('/a', null, 0)).toBe(true);
    const stored = JSON.stringify({ path: '/a', expires: 10_000 });
    expect(shouldReload('/a', stored, 5_000)).toBe(false);
    expect(shouldReload('/a', stored, 10_001)).toBe(true);
    expect(shouldReload('/b', stored, 5_000)).toBe(true);
    expect(shouldReload('/a', 'garbage', 5_000)).toBe(true);
  });

  it('recognises the browsers’ failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('/legal'))).toBe(true);
    expect(isChunkLoadError(new Error('menu store is down'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
