import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageApp, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { ENGINES } from '#tests/support/db.ts';
import { editorCalls, text, type Item } from './admin-content-setup.ts';

/**
 * Drafts of published items and the real preview (issue #42, ADR 042), on each engine, with the page build: a draft
 * leaves the public page and API as they were until it is published; an autosave over a version another tab moved is
 * a 409 that writes nothing; the preview is the public page's own route made from the draft, for staff only, and no
 * cache keeps it (its headers, the page cache's entries, a visitor's request for the same address).
 */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
type Draft = { values: Record<string, unknown>; version: string; baseVersion: string; updatedAt: string };

const newsValues = (slug: string, title: string) => ({
  slug,
  title: text(`${title} (ru)`, title, `${title} (zh)`),
  lead: text('Анонс', 'Summary', '摘要'),
  body: text('<p>Текст</p>', '<p>Live text</p>', '<p>文本</p>'),
  image: { src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 },
  projectId: 2,
  realtyTypes: ['flat'],
  publishedAt: '2026-11-27',
  published: true,
  publishAt: null,
  unpublishAt: null,
});

describe.each(ENGINES)('drafts and the real preview on %s', (engine) => {
  let t: TestApp;
  let editor: Awaited<ReturnType<typeof signedInStaff>>;
  const { call, publicJson, history } = editorCalls(() => ({ t, editor }));

  beforeAll(async () => {
    t = await pageApp(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());

  /** A page as a visitor's browser asks for it; with the editor's session when `staff`. */
  const page = (url: string, staff = false) =>
    t.app.inject({ url, headers: { 'user-agent': UA, accept: 'text/html', ...(staff ? { cookie: editor.headers('/').cookie } : {}) } });

  async function published(slug: string, title: string): Promise<Item> {
    const res = await call('POST', '/api/admin/content/news/', { values: newsValues(slug, title) });
    expect(res.statusCode, res.body).toBe(201);
    await t.services.versions.check();
    return res.json() as Item;
  }

  it('keeps the live item on the site while its draft is saved, then publishes it as one audited change', async () => {
    const item = await published('draft-isolation', 'Live title');
    const draftUrl = `/api/admin/content/news/${item.id}/draft/`;
    const saved = await call('PUT', draftUrl, {
      version: null,
      baseVersion: item.version,
      values: { ...item.values, title: text('Черновик', 'Draft title', '草稿') },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json() as Draft;
    expect(draft.baseVersion).toBe(item.version);

    // The site: unchanged, and the page it keeps stays valid (a draft moves no data version).
    const before = t.services.versions.get('publications');
    await t.services.versions.check();
    expect(t.services.versions.get('publications')).toBe(before);
    expect((await publicJson('/api/news/draft-isolation/?lang=en')).title).toBe('Live title');
    const live = await page('/en/news/draft-isolation');
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Live title');
    expect(live.body).not.toContain('Draft title');
    // The editor reads the draft with the item.
    expect(((await call('GET', `/api/admin/content/news/${item.id}/`)).json() as { draft: Draft }).draft.values.title).toMatchObject({ en: 'Draft title' });

    const done = await call('POST', `${draftUrl}publish/`, { version: draft.version });
    expect(done.statusCode, done.body).toBe(200);
    await t.services.versions.check();
    expect(t.services.versions.get('publications')).toBeGreaterThan(before);
    expect((await publicJson('/api/news/draft-isolation/?lang=en')).title).toBe('Draft title');
    expect((await page('/en/news/draft-isolation')).body).toContain('Draft title');
    // One change in the item's history, field by field as any save is; the draft is gone.
    const [latest] = await history(`/api/admin/content/news/${item.id}/`);
    expect(latest).toMatchObject({ action: 'update', before: { title: { en: 'Live title' } }, after: { title: { en: 'Draft title' } } });
    expect(((await call('GET', `/api/admin/content/news/${item.id}/`)).json() as { draft: null }).draft).toBeNull();
  });

  it('refuses an autosave over a draft another tab saved since (409), writing nothing, and says so', async () => {
    const item = await published('two-tabs', 'Two tabs');
    const url = `/api/admin/content/news/${item.id}/draft/`;
    const tab = (title: string, version: string | null) =>
      call('PUT', url, { version, baseVersion: item.version, values: { ...item.values, title: text(title, title, title) } });
    const first = await tab('First tab', null);
    expect(first.statusCode).toBe(200);
    // The second tab opened the item before the first tab's draft began: it starts a draft too, and is refused.
    const second = await tab('Second tab', null);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ detail: expect.stringMatching(/another tab/), draft: { values: { title: { en: 'First tab' } } } });
    const v1 = (first.json() as Draft).version;
    const again = await tab('First tab, more', v1);
    expect(again.statusCode).toBe(200);
    // A save over the version the first tab has moved past: refused, in the editor's language.
    const stale = await call('PUT', url, { version: v1, baseVersion: item.version, values: item.values }, 'ru');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/другой вкладке/);
    const kept = (await call('GET', `/api/admin/content/news/${item.id}/`)).json() as { draft: Draft };
    expect(kept.draft.values.title).toMatchObject({ en: 'First tab, more' });
    // Publishing or discarding a version that is not the draft's is refused too.
    expect((await call('POST', `${url}publish/`, { version: v1 })).statusCode).toBe(409);
    expect((await call('DELETE', `${url}?version=${v1}`)).statusCode).toBe(409);
    const discarded = await call('DELETE', `${url}?version=${kept.draft.version}`);
    expect(discarded.statusCode).toBe(200);
    expect((await publicJson('/api/news/two-tabs/?lang=en')).title).toBe('Two tabs');
  });

  it('publishes a draft over a live item changed since only when asked to', async () => {
    const item = await published('changed-meanwhile', 'Before');
    const url = `/api/admin/content/news/${item.id}/draft/`;
    const draft = (
      await call('PUT', url, { version: null, baseVersion: item.version, values: { ...item.values, lead: text('Новый', 'New lead', '新') } })
    ).json() as Draft;
    const changed = await call('PUT', `/api/admin/content/news/${item.id}/`, { version: item.version, values: { ...item.values, published: false } });
    expect(changed.statusCode).toBe(200);
    const refused = await call('POST', `${url}publish/`, { version: draft.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'live', current: { version: (changed.json() as Item).version } });
    const over = await call('POST', `${url}publish/`, { version: draft.version, baseVersion: (changed.json() as Item).version });
    expect(over.statusCode, over.body).toBe(200);
  });

  it('names the fields a draft does not pass when it is published, and publishes nothing', async () => {
    const item = await published('bad-draft', 'Good');
    const url = `/api/admin/content/news/${item.id}/draft/`;
    const draft = (
      await call('PUT', url, {
        version: null,
        baseVersion: item.version,
        values: { ...item.values, publishAt: '2026-12-02T10:00:00.000Z', unpublishAt: '2026-12-01T10:00:00.000Z' },
      })
    ).json() as Draft;
    const refused = await call('POST', `${url}publish/`, { version: draft.version }, 'ru');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ unpublishAt: ['Снять с сайта можно только позже, чем показать: укажите время после «Показать на сайте с».'] });
    expect((await publicJson('/api/news/bad-draft/?lang=en')).title).toBe('Good');
  });

  it('previews the draft on the real page for staff only, and no cache keeps it', async () => {
    const item = await published('previewed', 'Published words');
    const draft = (
      await call('PUT', `/api/admin/content/news/${item.id}/draft/`, {
        version: null,
        baseVersion: item.version,
        values: { ...item.values, title: text('Слова черновика', 'Draft words', '草稿文字'), body: text('<p>Ч</p>', '<p>Draft body</p>', '<p>草</p>') },
      })
    ).json() as Draft;
    expect(draft.version).toBeTruthy();
    // The back office's way in sends the member to the public page of that language, marked a preview.
    const entry = await t.app.inject({
      url: `/admin/content/news/${item.id}/preview?lang=en`,
      headers: { 'user-agent': UA, cookie: editor.headers('/').cookie },
    });
    expect(entry.statusCode).toBe(302);
    const address = entry.headers.location as string;
    expect(address).toBe(`/en/news/previewed?preview=news:${item.id}`);

    const entriesBefore = t.app.pageCache!.stats().entries;
    const preview = await page(address, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-robots-tag']).toMatch(/noindex/);
    expect(preview.headers['x-cache']).toBeUndefined();
    expect(preview.headers.etag).toBeUndefined();
    // The public route's own page: its heading, date and body, made from the draft, under the preview's band.
    expect(preview.body).toMatch(/<h1[^>]*>Draft words<\/h1>/);
    expect(preview.body).toContain('Draft body');
    expect(preview.body).toMatch(/role="note" aria-label="Preview"[^>]*>.*Draft preview\. Visitors to the site see the published version\./);
    expect(preview.body).toContain('Published 27 November 2026');
    expect(preview.body).toContain('name="robots" content="noindex');
    expect(t.app.pageCache!.stats().entries).toBe(entriesBefore);

    // A visitor at the same address gets the published page, never the draft, and no cache keeps that either.
    for (let i = 0; i < 2; i++) {
      const visitor = await page(address);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toContain('Published words');
      expect(visitor.body).not.toContain('Draft words');
      // (The band's words travel with the page's messages; the band itself is not there.)
      expect(visitor.body).not.toMatch(/role="note" aria-label="Preview"/);
      expect(visitor.headers['cache-control']).toBe('private, no-store');
    }
    // The page's own address: the published item, kept as any page (the preview left nothing in the cache for it).
    const first = await page('/en/news/previewed');
    const second = await page('/en/news/previewed');
    expect(second.headers['x-cache']).toBe('HIT');
    for (const res of [first, second]) {
      expect(res.body).toContain('Published words');
      expect(res.body).not.toContain('Draft words');
    }
    // The staff preview after that is still the draft's, not the kept page (the fast path steps aside).
    const again = await page(address, true);
    expect(again.body).toContain('Draft words');
    expect(again.headers['x-cache']).toBeUndefined();
    // Its data request (a move inside the page) is the member's only as well.
    const data = await page(`/en/news/previewed.data?preview=news:${item.id}`, true);
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.body).toContain('Draft words');
  });
});
