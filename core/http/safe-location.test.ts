import { describe, expect, it } from 'vitest';
import { collapseSlashes, isOnSite, safeLocation } from './safe-location.ts';

const SITE = 'https://www.example.ru';

/** Redirect targets that browsers (Chromium reads `\` as `/`, drops tabs and newlines) would follow off the site. */
const OPEN_REDIRECT_PROBES = [
  '//evil.example/',
  '//evil.example/path?x=1',
  '/\\evil.example/',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example/',
  '///evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  'https://evil.example/',
  'http:evil.example',
  'https:\\\\evil.example',
  'javascript:alert(1)',
  `${SITE}.evil.example/`,
  `${SITE}@evil.example/`,
];

describe('safeLocation', () => {
  it('never yields a target a browser resolves off the site', () => {
    for (const probe of OPEN_REDIRECT_PROBES) {
      const safe = safeLocation(probe, SITE);
      if (safe === null) continue;
      expect(safe, probe).toMatch(/^\/(?![/\\])/);
      expect(isOnSite(safe, SITE), probe).toBe(true);
      expect(safe, probe).not.toMatch(/[\s\\]/);
    }
  });

  it('keeps ordinary paths, queries and fragments as they are', () => {
    expect(safeLocation('/en/contacts?utm_source=x#map', SITE)).toBe('/en/contacts?utm_source=x#map');
    expect(safeLocation('/', SITE)).toBe('/');
    expect(safeLocation('/%2F%2Fevil.example', SITE)).toBe('/%2F%2Fevil.example');
    // A backslash in the query is data, not a path separator.
    expect(safeLocation('/search?q=a\\b', SITE)).toBe('/search?q=a\\b');
  });

  it('reads backslashes as slashes and makes a run of slashes one', () => {
    expect(safeLocation('//evil.example/x', SITE)).toBe('/evil.example/x');
    expect(safeLocation('/\\evil.example', SITE)).toBe('/evil.example');
    expect(safeLocation('/\t/evil.example', SITE)).toBe('/evil.example');
    expect(safeLocation('/ru//projects', SITE)).toBe('/ru/projects');
    expect(collapseSlashes('projects')).toBe('/projects');
  });

  it('keeps an absolute URL of the site as its path and refuses any other origin', () => {
    expect(safeLocation(`${SITE}/en/projects?x=1`, SITE)).toBe('/en/projects?x=1');
    expect(safeLocation('https://evil.example/', SITE)).toBeNull();
    expect(safeLocation('http://www.example.ru/', SITE)).toBeNull();
    expect(safeLocation('javascript:alert(1)', SITE)).toBeNull();
    expect(safeLocation(`${SITE}@evil.example/`, SITE)).toBeNull();
  });

  it('writes only printable ASCII into the header', () => {
    expect(safeLocation('/проекты', SITE)).toBe('/%D0%BF%D1%80%D0%BE%D0%B5%D0%BA%D1%82%D1%8B');
    expect(safeLocation('/a b', SITE)).toBe('/a%20b');
  });
});
