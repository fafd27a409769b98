import { describe, expect, it } from 'vitest';
import { routeOfPath, safeLandingPage, safePageUrl, safeReferrer, safeUtm, sitePath } from './events.ts';

describe('routeOfPath', () => {
  it('reads every route of the table, in each locale prefix', () => {
    const cases: [string, unknown][] = [
      ['/', { type: 'home' }],
      ['/projects', { type: 'projects' }],
      ['/projects/2', { type: 'project', project: { id: '2', shared: false } }],
      ['/shared-projects/5', { type: 'project', project: { id: '5', shared: true } }],
      ['/projects/2/progress', { type: 'progress', project: { id: '2', shared: false } }],
      ['/projects/2/progress/14', { type: 'progress', project: { id: '2', shared: false } }],
      ['/projects/2/building/7', { type: 'building', project: { id: '2', shared: false } }],
      ['/projects/2/building/7/section/3', { type: 'section', project: { id: '2', shared: false } }],
      ['/projects/2/building/7/section/3/floor/9', { type: 'floor', project: { id: '2', shared: false } }],
      ['/projects/2/building/7/floor/9', { type: 'other' }],
      ['/projects/2/progress/1/2', { type: 'other' }],
      ['/filter', { type: 'filter' }],
      ['/filter/two-rooms', { type: 'filter' }],
      ['/selection', { type: 'selection' }],
      ['/promo', { type: 'publications' }],
      ['/news', { type: 'publications' }],
      ['/promo/12', { type: 'publication' }],
      ['/news/opening', { type: 'publication' }],
      ['/contacts', { type: 'contacts' }],
      ['/forms/callback', { type: 'form' }],
      ['/auctions', { type: 'auctions' }],
      ['/search', { type: 'other' }],
      ['/auctions/3', { type: 'auction' }],
      ['/auctions/x', { type: 'other' }],
      ['/linden/flat/101', { type: 'lot', lot: { slug: 'linden', lotType: 'flat', number: '101' } }],
      ['/linden/parking/P-4', { type: 'lot', lot: { slug: 'linden', lotType: 'parking', number: 'P-4' } }],
      ['/purchase/mortgage', { type: 'slug', slug: 'purchase/mortgage' }],
      ['/about', { type: 'slug', slug: 'about' }],
      ['/ui-kit/base_three', { type: 'other' }],
      ['/_error/404', { type: 'other' }],
      ['/_icons', { type: 'other' }],
      ['/Weird Path', { type: 'other' }],
    ];
    for (const [path, route] of cases) {
      expect(routeOfPath(path), path).toEqual({ locale: 'ru', route });
      expect(routeOfPath(`/en${path === '/' ? '' : path}`), `/en${path}`).toEqual({ locale: 'en', route });
      expect(routeOfPath(`/zh${path}/`.replace('//', '/')), `/zh${path}/`).toEqual({ locale: 'zh', route });
    }
  });
});

describe('what is stored of the attribution', () => {
  it('keeps a UTM tag as text without controls, cut to 200 characters, and drops e-mails and phones', () => {
    expect(safeUtm('  yandex \n direct\u0000 ')).toBe('yandex direct');
    expect(safeUtm('я'.repeat(300))).toBe('я'.repeat(200));
    expect(safeUtm('😀'.repeat(201))).toBe('😀'.repeat(200));
    expect(safeUtm('anna@example.ru')).toBeNull();
    expect(safeUtm('ivan@mail.ru')).toBeNull();
    expect(safeUtm('+79161234567')).toBeNull();
    expect(safeUtm('call 8 (916) 123-45-67')).toBeNull();
    expect(safeUtm('  ')).toBeNull();
    expect(safeUtm(undefined)).toBeNull();
    // An ad network's ids and campaign names stay.
    expect(safeUtm('13012345678')).toBe('13012345678');
    expect(safeUtm('54321987')).toBe('54321987');
    expect(safeUtm('spring-2026_msk')).toBe('spring-2026_msk');
  });

  it('keeps a referrer as origin and path, refusing other schemes, and its origin only when the path is personal', () => {
    expect(safeReferrer('https://user:pw@www.example.com/search?q=flat#top')).toBe('https://www.example.com/search');
    expect(safeReferrer('https://ya.ru')).toBe('https://ya.ru/');
    expect(safeReferrer(`https://a.example/${'x'.repeat(1000)}`)).toHaveLength(512);
    expect(safeReferrer('https://mail.example/u/ivan.petrov/inbox/79161234567')).toBe('https://mail.example/');
    expect(safeReferrer('https://mail.example/u/ivan%40mail.ru/inbox')).toBe('https://mail.example/');
    expect(safeReferrer('')).toBeNull();
    expect(safeReferrer('javascript:alert(1)')).toBeUndefined();
    expect(safeReferrer('not a url')).toBeUndefined();
  });

  it('keeps a page address on this site as its path and UTM tags only', () => {
    const site = ['https://site.example'];
    expect(sitePath('/filter?rooms=2#lots', site)).toBe('/filter');
    expect(sitePath('https://site.example/en/projects/2?utm_source=ya', site)).toBe('/en/projects/2?utm_source=ya');
    expect(sitePath('/news/1?email=anna%40example.ru&utm_source=mail', site)).toBe('/news/1?utm_source=mail');
    expect(sitePath('/?name=Ivan+Petrov&phone=%2B79161234567&comment=call+me&utm_campaign=spring&utm_term=%2B79161234567', site)).toBe('/?utm_campaign=spring');
    expect(sitePath('https://evil.example/projects', site)).toBeUndefined();
    expect(sitePath('https://evil.example/?name=Ivan%20Petrov', site)).toBeUndefined();
    expect(sitePath('//evil.example/projects', site)).toBeUndefined();
    expect(sitePath('/\\evil.example/projects', site)).toBeUndefined();
    expect(sitePath('/\t/evil.example/projects', site)).toBeUndefined();
    expect(sitePath('projects', site)).toBeUndefined();
    expect(sitePath('javascript:alert(1)', site)).toBeUndefined();
  });

  it('keeps a landing page and a lead’s page as path (and origin when absolute) with UTM tags only', () => {
    expect(safeLandingPage('/?name=Ivan+Petrov&phone=%2B79161234567&comment=перезвоните&utm_source=ya')).toBe('/?utm_source=ya');
    expect(safeLandingPage('https://site.example/')).toBeUndefined();
    expect(safeLandingPage('/\\evil.example/')).toBeUndefined();
    expect(safePageUrl('/contacts?phone=79161234567#map')).toBe('/contacts');
    expect(safePageUrl('https://site.example/en/?email=a%40b.ru&utm_medium=cpc')).toBe('https://site.example/en/?utm_medium=cpc');
    expect(safePageUrl('ftp://site.example/')).toBeUndefined();
  });
});
