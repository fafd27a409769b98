import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapsScriptUrl } from '#core/content/maps.ts';
import { loadMaps, whenVisible, type Ymaps3 } from './maps.ts';

/** A page with just what the loader touches: `<head>`, `<script>` elements and the `ymaps3` global. */
function fakePage() {
  const scripts: { src: string; async: boolean; onload?: () => void; onerror?: () => void }[] = [];
  vi.stubGlobal('document', { createElement: () => ({ src: '', async: false }), head: { append: (script: (typeof scripts)[number]) => scripts.push(script) } });
  vi.stubGlobal('window', {});
  return scripts;
}

afterEach(() => vi.unstubAllGlobals());

describe('the maps script loader', () => {
  it('asks for the API once, with the key, the page language and the CSP mode, and resolves when it is ready', async () => {
    const scripts = fakePage();
    const first = loadMaps('key-1234-abcd', 'en');
    const second = loadMaps('key-1234-abcd', 'en');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(mapsScriptUrl('key-1234-abcd', 'en'));
    expect(scripts[0]!.src).toBe('https://api-maps.yandex.ru/v3/?apikey=key-1234-abcd&lang=en_US&csp=202512');
    expect(scripts[0]!.async).toBe(true);
    const api = { ready: Promise.resolve() } as Ymaps3;
    (window as { ymaps3?: Ymaps3 }).ymaps3 = api;
    scripts[0]!.onload!();
    expect(await first).toBe(api);
    expect(await second).toBe(api);
  });

  it('can be tried again after the script failed to load', async () => {
    vi.resetModules();
    const { loadMaps: fresh } = await import('./maps.ts');
    const scripts = fakePage();
    const failed = fresh('key-1234-abcd', 'ru');
    scripts[0]!.onerror!();
    await expect(failed).rejects.toThrow('did not load');
    void fresh('key-1234-abcd', 'ru').catch(() => {});
    expect(scripts).toHaveLength(2);
    expect(scripts[1]!.src).toContain('lang=ru_RU');
  });

  it('waits for the map box to come into view, once', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const seen = vi.fn();
    whenVisible({} as Element, seen);
    report!([{ isIntersecting: false }]);
    expect(seen).not.toHaveBeenCalled();
    report!([{ isIntersecting: true }]);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
  });
});
