import { describe, expect, it } from 'vitest';
import { deferHydration, deferredModules, DEFER_AT_MOST_MS } from './defer-hydration.server.ts';

/** React Router's page, in the shape it writes: preloads in the head, the module script at the end of the body. */
const page = (moduleBody: string) =>
  '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/home-B.js"/>' +
  '<link rel="stylesheet" href="/assets/app-C.css"/></head><body><h1>Квартиры у парка · 公园旁的公寓</h1>' +
  '<script nonce="n0">window.__reactRouterContext = {"a":"type=\\"module\\""};</script>' +
  `<script nonce="n0" type="module" async="">${moduleBody}</script><p>Готово</p></body></html>`;

const ROUTER_SCRIPT =
  'import "/assets/manifest-D.js";\nimport * as route0 from "/assets/root-E.js";\nimport * as route1 from "/assets/home-B.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\nimport("/assets/entry.client-A.js");';

describe('deferHydration', () => {
  it('moves the preloads and the route imports after the load, byte for byte elsewhere', () => {
    const body = ROUTER_SCRIPT.replace('import "/assets/manifest-D.js";\n', '');
    const out = deferHydration(Buffer.from(page(body))).toString('utf8');
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(deferredModules(out)).toEqual(['/assets/entry.client-A.js', '/assets/home-B.js']);
    expect(out).toContain(`setTimeout(go, ${DEFER_AT_MOST_MS})`);
    expect(out).toContain('const [route0, route1] = await Promise.all([import("/assets/root-E.js"), import("/assets/home-B.js")]);');
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"home":route1};');
    expect(out).not.toMatch(/^\s*import \* as/m);
    // Everything else as it was: the text in three scripts of writing, the other script, the style sheet, the nonce.
    const untouched = (html: string) =>
      html.replace(/<link rel="modulepreload"[^>]*>/g, '').replace(/(type="module" async="">)[\s\S]*?<\/script>/, '$1</script>');
    expect(untouched(out)).toBe(untouched(page(body)));
  });

  it("writes React Router's manifest without its indentation, the same JSON", () => {
    const manifest = { entry: { module: '/assets/entry.client-A.js', imports: ['/assets/a.js'] }, routes: { root: { id: 'root', path: '' } }, text: 'a;\nb' };
    const body = `${ROUTER_SCRIPT.replace('import "/assets/manifest-D.js";\n', '').replace('  window.__reactRouterRouteModules', `window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules`)}`;
    const out = deferHydration(Buffer.from(page(body))).toString('utf8');
    const written = /window\.__reactRouterManifest = (.*);\n/.exec(out)?.[1];
    expect(written).not.toContain('\n');
    expect(JSON.parse(written!)).toEqual(manifest);
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"home":route1};');
  });

  it('leaves a page of another shape as it is', () => {
    // A static import that is not a route module's.
    const other = Buffer.from(page(ROUTER_SCRIPT));
    expect(deferHydration(other)).toBe(other);
    const noModule = Buffer.from('<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body>Привет</body></html>');
    expect(deferHydration(noModule)).toBe(noModule);
  });
});
