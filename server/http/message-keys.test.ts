import { describe, expect, it } from 'vitest';
import { mergeMessages, messagesBeyond, pickMessages, translate, translator, type MessageKey } from '#core/i18n/messages.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { scanChunk } from './message-keys.ts';

/** What the bundler makes of the app's calls (rolldown writes strings as template literals). */
const CHUNK = [
  'import{t as e}from"./i18n-AbC.js";import{n}from\'./format-x_Y.js\';',
  'const f=()=>import(`./story-viewer-Q1.js`);',
  'function a(t,s){return[t(`catalogue.lot.area`),t("header.contact"),t(`catalogue.status.${s.status}`),t(`catalogue.common.compact.e${s.p}`)]}',
  'function b(m,k){return[m.messages.meta.siteName,translate(m,`${k}.title`),"catalogue.plural.lots",`forms.validation.`]}',
  'const c="no.such.key",d=`a.b.${x}`;',
].join('');

describe('the messages a page can show (ADR 027)', () => {
  it('reads keys, groups, prefixes, endings and imports from built code', () => {
    const { imports, staticImports, selector } = scanChunk(CHUNK);
    expect(imports.sort()).toEqual(['format-x_Y.js', 'i18n-AbC.js', 'story-viewer-Q1.js']);
    // The first load follows static imports only: a dynamic one's messages come with its code (ADR 043).
    expect(staticImports.sort()).toEqual(['format-x_Y.js', 'i18n-AbC.js']);
    expect([...selector.keys]).toEqual(expect.arrayContaining(['catalogue.lot.area', 'header.contact', 'catalogue.plural.lots', 'meta.siteName']));
    expect([...selector.prefixes]).toEqual(expect.arrayContaining(['catalogue.status', 'catalogue.common.compact', 'forms.validation']));
    expect([...selector.suffixes]).toEqual(['title']);
  });

  it('picks those messages in the catalog’s shape, and nothing else', () => {
    const picked = pickMessages(en, scanChunk(CHUNK).selector);
    const t = (key: string, params?: { count: number }) => translator(picked, 'en')(key as MessageKey, params);
    expect(t('catalogue.lot.area')).toBe(translate(en, 'catalogue.lot.area'));
    expect(t('catalogue.status.free')).toBe(translate(en, 'catalogue.status.free'));
    expect(t('catalogue.common.compact.e6')).toBe(translate(en, 'catalogue.common.compact.e6'));
    expect(t('catalogue.plural.lots', { count: 1 })).toBe(translator(en, 'en')('catalogue.plural.lots', { count: 1 }));
    expect(t('forms.validation.required')).toBe(translate(en, 'forms.validation.required'));
    expect(t('meta.siteName')).toBe(en.meta.siteName);
    expect(t('news.title')).toBe(en.news.title);
    expect(t('promo.title')).toBe(en.promo.title);
    // Not named by the code: left out.
    expect(t('catalogue.lot.floor')).toBe('catalogue.lot.floor');
    expect(picked.footer).toBeUndefined();
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(en).length / 3);
    // The catalog itself is not touched.
    expect(Object.keys(en.catalogue.lot).length).toBeGreaterThan(10);
  });

  it('sends a page only what the shell does not carry, and the two together are the page’s', () => {
    const shell = pickMessages(en, { keys: new Set(['meta.siteName', 'header.contact']), prefixes: new Set(['catalogue.status']), suffixes: new Set() });
    const page = pickMessages(en, {
      keys: new Set(['meta.siteName', 'header.contact', 'catalogue.lot.area']),
      prefixes: new Set(['catalogue.status', 'forms.validation']),
      suffixes: new Set(['title']),
    });
    const beyond = messagesBeyond(page, shell);
    expect(JSON.stringify(beyond).length).toBeLessThan(JSON.stringify(page).length);
    expect(beyond.meta?.siteName).toBeUndefined();
    expect((beyond.catalogue as Partial<typeof en.catalogue> | undefined)?.status).toBeUndefined();
    expect(beyond.catalogue?.lot.area).toBe(en.catalogue.lot.area);
    const merged = mergeMessages(shell, beyond);
    expect(merged).toEqual(page);
    // Made once per pair: a render after the first reads the same object.
    expect(mergeMessages(shell, beyond)).toBe(merged);
    // Neither input is changed.
    expect(shell).toEqual(
      pickMessages(en, { keys: new Set(['meta.siteName', 'header.contact']), prefixes: new Set(['catalogue.status']), suffixes: new Set() }),
    );
  });
});

describe('a translator that misses a key (ADR 043)', () => {
  it('reads the language’s later messages, and only that language’s', async () => {
    const { setLaterMessages } = await import('#core/i18n/messages.ts');
    const first = pickMessages(en, { keys: new Set(['header.contact']), prefixes: new Set(), suffixes: new Set() });
    const t = translator(first, 'zh');
    expect(t('contact.intro' as MessageKey)).toBe('contact.intro');
    setLaterMessages('zh', { contact: { intro: 'later' } });
    expect(t('contact.intro' as MessageKey)).toBe('later');
    expect(translator(first, 'ru')('contact.intro' as MessageKey)).toBe('contact.intro');
  });
});
