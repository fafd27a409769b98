import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revertibleKind } from '#core/admin/kinds.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';

type Staffer = Awaited<ReturnType<typeof signedInStaff>>;
type Item = { id: string; version: string; values: Record<string, unknown>; publicPath: string | null };

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });
const newsValues = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: text('Новость', 'News item', '新闻'),
  lead: text('Анонс', 'Summary', '摘要'),
  body: text('<p>Текст</p>', '<p>Text</p>', '<p>文本</p>'),
  image: { src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 },
  projectId: 2,
  realtyTypes: ['flat'],
  publishedAt: '2026-11-27',
  published: false,
  publishAt: null,
  ...extra,
});

/**
 * The back office's content API (ADR 026) on each engine: the role matrix, checks naming their fields in the
 * editor's language, rich text cleaned, version conflicts, the audit trail and revert, publishing reaching the
 * public API, picture uploads.
 */
describe.each(ENGINES)('content editing API on %s', (engine) => {
  let t: TestApp;
  let editor: Staffer;
  let admin: Staffer;
  let sales: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    [editor, admin, sales] = await Promise.all([signedInStaff(t, 'editor'), signedInStaff(t, 'admin'), signedInStaff(t, 'sales')]);
  });
  afterAll(async () => t?.dispose());

  const call = (who: Staffer | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? who.headers(url.split('?')[0]!) : {}), ...extra },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = async (who: Staffer, kind: string, values: unknown) => {
    const res = await call(who, 'POST', `/api/admin/content/${kind}/`, { values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Item;
  };

  it('lets editors and admins in; sales get 403; a visitor gets the API 404 and learns nothing', async () => {
    for (const who of [editor, admin]) expect((await call(who, 'GET', '/api/admin/content/news/')).statusCode).toBe(200);
    const refused = await call(sales, 'GET', '/api/admin/content/news/');
    expect(refused.statusCode).toBe(403);
    expect((await call(sales, 'POST', '/api/admin/content/news/', { values: newsValues('sales-try') })).statusCode).toBe(403);
    expect((await call(sales, 'POST', '/api/admin/media/', Buffer.from('x'), { 'content-type': 'image/png' })).statusCode).toBe(403);
    const anonymous = await call(null, 'GET', '/api/admin/content/news/');
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ detail: 'No API endpoint GET /api/admin/content/news/' });
    expect((await call(null, 'PUT', '/api/admin/content/news/1/', { version: 'x', values: {} })).statusCode).toBe(404);
    // Not in the public API document.
    expect(JSON.stringify((await t.app.inject({ url: '/api/openapi.json' })).json())).not.toContain('/api/admin/content');
  });

  it('names each bad field, in the editor’s language', async () => {
    const bad = newsValues('Not A Slug', { title: text(''), publishedAt: 'tomorrow', image: { src: '../etc/passwd', width: 0, height: 1 } });
    const ru = await call(editor, 'POST', '/api/admin/content/news/', { values: bad }, { cookie: `${editor.headers('/').cookie}; admin_locale=ru` });
    expect(ru.statusCode).toBe(400);
    const errors = ru.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['image.src', 'image.width', 'publishedAt', 'slug', 'title.ru']);
    expect(errors.slug).toEqual(['Только строчные латинские буквы, цифры и дефисы.']);
    expect(errors['title.ru']![0]).toMatch(/[а-я]/);
    const en = await call(editor, 'POST', '/api/admin/content/news/', { values: bad }, { cookie: `${editor.headers('/').cookie}; admin_locale=en` });
    expect(en.json().errors.slug).toEqual(['Lower-case Latin letters, digits and hyphens only.']);
    expect(en.json().detail).toMatch(/^Check the fields: /);
  });

  it('cleans rich text: no scripts, no event handlers, no javascript: links', async () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://bank.example">y</a><img src=x onerror=alert(1)></p>';
    const item = await create(editor, 'news', newsValues('clean-body', { body: text(dirty, dirty, dirty), published: true }));
    const stored = (item.values.body as { en: string }).en;
    expect(stored).toBe('<p>Hi <a>x</a> <a href="https://bank.example" target="_blank" rel="noopener noreferrer">y</a></p>');
    const page = (await t.app.inject({ url: '/api/news/clean-body/?lang=en' })).json();
    expect(page.body).toBe(stored);
    expect(page.body).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('refuses a save made on an older version (409, nothing overwritten), and records every save with before and after', async () => {
    const item = await create(editor, 'news', newsValues('conflict-item'));
    const url = `/api/admin/content/news/${item.id}/`;
    const first = await call(editor, 'PUT', url, { version: item.version, values: { ...item.values, title: text('Первая', 'First', '第一') } });
    expect(first.statusCode).toBe(200);
    const second = await call(admin, 'PUT', url, { version: item.version, values: { ...item.values, title: text('Вторая', 'Second', '第二') } });
    expect(second.statusCode).toBe(409);
    expect(second.json().current).toMatchObject({ version: first.json().version, values: { title: { en: 'First' } } });
    const now = (await call(editor, 'GET', url)).json();
    expect(now.values.title.en).toBe('First');
    expect(now.history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(now.history[0]).toMatchObject({ staffEmail: editor.email, before: { title: { en: 'News item' } }, after: { title: { en: 'First' } } });
    // The admin trail has it too, with the editor's e-mail.
    expect(now.history[1]).toMatchObject({ staffEmail: editor.email, before: null });
  });

  it('reverts a change as a new recorded change, and only while nothing changed since', async () => {
    const item = await create(editor, 'news', newsValues('revert-item', { published: true }));
    const url = `/api/admin/content/news/${item.id}/`;
    const changed = (
      await call(editor, 'PUT', url, { version: item.version, values: { ...item.values, title: text('Изменено', 'Changed', '改') } })
    ).json() as Item;
    expect((await t.app.inject({ url: '/api/news/revert-item/?lang=en' })).json().title).toBe('Changed');
    const [update] = (await call(editor, 'GET', url)).json().history as { id: string }[];
    const reverted = await call(editor, 'POST', `/api/admin/content/revert/${update!.id}/`, {});
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().values.title.en).toBe('News item');
    expect((await t.app.inject({ url: '/api/news/revert-item/?lang=en' })).json().title).toBe('News item');
    const history = (await call(editor, 'GET', url)).json().history as {
      action: string;
      before: { title: { en: string } };
      after: { title: { en: string } };
    }[];
    expect(history.map((h) => h.action)).toEqual(['revert', 'update', 'create']);
    expect(history[0]).toMatchObject({ before: { title: { en: 'Changed' } }, after: { title: { en: 'News item' } } });
    // The same change again: the item is no longer as it left it.
    expect((await call(editor, 'POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(409);
    expect(changed.version).not.toBe(reverted.json().version);
  });

  it('reverts from the audit trail what the audit page offers to revert, with the content revert’s own role check', async () => {
    const item = await create(editor, 'news', newsValues('audit-revert', { published: true }));
    const gone = `/api/admin/content/news/${item.id}/?version=${item.version}`;
    const removed = await t.app.inject({ method: 'DELETE', url: gone, headers: editor.headers(gone) });
    expect(removed.statusCode, removed.body).toBe(200);
    const trail = await call(admin, 'GET', `/api/admin/audit/?entity=content_news&entity_id=${item.id}`);
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json().results as { id: number; action: string; entityKind: string }[];
    expect(entries.map((e) => [e.action, revertibleKind(e)])).toEqual([
      ['delete', 'news'],
      ['create', 'news'],
    ]);
    // What is not a content change has no revert: the page shows no button, and the API knows no such change.
    const signIn = (await call(admin, 'GET', '/api/admin/audit/?action=sign_in&limit=1')).json().results[0] as {
      id: number;
      action: string;
      entityKind: string;
    };
    expect(revertibleKind(signIn)).toBeNull();
    expect((await call(admin, 'POST', `/api/admin/content/revert/${signIn.id}/`, {})).statusCode).toBe(404);

    const revert = `/api/admin/content/revert/${entries[0]!.id}/`;
    expect((await call(sales, 'POST', revert, {})).statusCode).toBe(403);
    expect((await call(null, 'POST', revert, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/news/audit-revert/' })).statusCode).toBe(404);
    const back = await call(admin, 'POST', revert, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ id: item.id, kind: 'news' });
    expect((await t.app.inject({ url: '/api/news/audit-revert/' })).statusCode).toBe(200);
    const newest = (await call(admin, 'GET', `/api/admin/audit/?entity=content_news&entity_id=${item.id}`)).json().results[0];
    expect(newest).toMatchObject({ action: 'revert', staffEmail: admin.email, detail: { revertOf: String(entries[0]!.id) } });
  });

  it('publishes and unpublishes: the public API follows at once', async () => {
    const item = await create(editor, 'news', newsValues('publish-item'));
    expect((await t.app.inject({ url: '/api/news/publish-item/' })).statusCode).toBe(404);
    const url = `/api/admin/content/news/${item.id}/`;
    const published = (await call(editor, 'PUT', url, { version: item.version, values: { ...item.values, published: true } })).json() as Item;
    expect((await t.app.inject({ url: '/api/news/publish-item/?lang=zh' })).json().title).toBe('新闻');
    await call(editor, 'PUT', url, { version: published.version, values: { ...published.values, published: false } });
    expect((await t.app.inject({ url: '/api/news/publish-item/' })).statusCode).toBe(404);
  });

  it('publishes and unpublishes several items at once, all or none, each recorded as its own change', async () => {
    const [a, b] = [await create(editor, 'news', newsValues('bulk-a')), await create(editor, 'news', newsValues('bulk-b'))];
    const bulk = (who: Staffer, ids: string[], published: boolean) => call(who, 'POST', '/api/admin/content/news/publish/', { ids, published });
    // Sales may not; an item that is not there refuses the whole request, naming it, and nothing is published.
    expect((await bulk(sales, [a.id, b.id], true)).statusCode).toBe(403);
    const refused = await bulk(editor, [a.id, '999999', b.id], true);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['999999']);
    expect((await t.app.inject({ url: '/api/news/bulk-a/' })).statusCode).toBe(404);
    // Both at once: the public API follows, and each item's history has its own change.
    const done = await bulk(editor, [a.id, b.id], true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().changed.sort()).toEqual([a.id, b.id].sort());
    for (const slug of ['bulk-a', 'bulk-b']) expect((await t.app.inject({ url: `/api/news/${slug}/` })).statusCode).toBe(200);
    const history = (await call(editor, 'GET', `/api/admin/content/news/${a.id}/`)).json().history;
    expect(history[0]).toMatchObject({ action: 'update', staffEmail: editor.email, before: { published: false }, after: { published: true } });
    // Already published: nothing to change, nothing recorded. Then both off the site.
    expect((await bulk(editor, [a.id], true)).json().changed).toEqual([]);
    expect((await bulk(editor, [a.id, b.id], false)).json().changed.sort()).toEqual([a.id, b.id].sort());
    expect((await t.app.inject({ url: '/api/news/bulk-b/' })).statusCode).toBe(404);
    // A bad body names its field.
    const bad = await call(editor, 'POST', '/api/admin/content/news/publish/', { ids: [], published: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an address another item has with a 400 naming the field', async () => {
    await create(editor, 'redirects', { oldPath: '/old-page', newPath: '/news' });
    const again = await call(editor, 'POST', '/api/admin/content/redirects/', { values: { oldPath: '/old-page', newPath: '/promo' } });
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().errors)).toEqual(['oldPath']);
  });

  it('edits offices’ hours and feature flags through the same engine', async () => {
    const [office] = (await call(editor, 'GET', '/api/admin/content/offices/')).json().items as Item[];
    const week = [...(office!.values.schedule as unknown[])];
    week[6] = { opens: '11:00', closes: '10:00', break: null };
    const bad = await call(editor, 'PUT', `/api/admin/content/offices/${office!.id}/`, {
      version: office!.version,
      values: { ...office!.values, schedule: week },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['schedule.6.closes']);
    week[6] = { opens: '11:00', closes: '16:00', break: null };
    const ok = await call(editor, 'PUT', `/api/admin/content/offices/${office!.id}/`, {
      version: office!.version,
      values: { ...office!.values, schedule: week },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // `new` is the new-item form's address: a flag of that name could never be opened, so it is refused by name.
    const reserved = await call(editor, 'POST', '/api/admin/content/flags/', { values: { key: 'new', description: 'A test', defaultValue: true, rules: [] } });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors).toEqual({ key: ['«new» — адрес формы новой записи: выберите другое значение.'] });
    const flag = await create(editor, 'flags', { key: 'admin-test-flag', description: 'A test', defaultValue: true, rules: [] });
    expect(flag.id).toBe('admin-test-flag');
    const payload = (await t.app.inject({ url: `/api/features/${t.config.GROWTHBOOK_CLIENT_KEY}` })).json();
    expect(payload.features['admin-test-flag']).toEqual({ defaultValue: true, rules: [] });
    const badRule = await call(editor, 'PUT', '/api/admin/content/flags/admin-test-flag/', {
      version: flag.version,
      values: { ...flag.values, rules: [{ coverage: 2 }] },
    });
    expect(badRule.statusCode).toBe(400);
    expect(Object.keys(badRule.json().errors)).toContain('rules.0.coverage');
  });

  it('stores an uploaded picture after decoding it, and judges type and size before reading the body', async () => {
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const ok = await call(editor, 'POST', '/api/admin/media/', png, { 'content-type': 'image/png' });
    expect(ok.statusCode, ok.body).toBe(201);
    const stored = ok.json();
    expect(stored).toMatchObject({ width: 64, height: 40 });
    expect(stored.src).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    // Served by the image proxy.
    const img = await t.app.inject({ url: stored.thumbnail });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');

    const type = await call(editor, 'POST', '/api/admin/media/', Buffer.from('<svg/>'), { 'content-type': 'image/svg+xml' });
    expect(type.statusCode).toBe(415);
    expect(Object.keys(type.json().errors)).toEqual(['file']);
    const big = await call(editor, 'POST', '/api/admin/media/', Buffer.alloc(16), { 'content-type': 'image/png', 'content-length': String(11 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(Object.keys(big.json().errors)).toEqual(['file']);
    const broken = await call(editor, 'POST', '/api/admin/media/', Buffer.from('not a picture at all'), { 'content-type': 'image/png' });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().errors)).toEqual(['file']);
    const liar = await call(editor, 'POST', '/api/admin/media/', png, { 'content-type': 'image/jpeg' });
    expect(liar.statusCode).toBe(400);
  });
});
