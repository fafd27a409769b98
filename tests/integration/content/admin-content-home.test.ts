import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { editorCalls, text, type Item, type Staffer } from './admin-content-setup.ts';

/**
 * What the home page and the project pages say (the slider, the partners, the page's texts, stories and their cards,
 * benefits), on each engine: an editor's valid change reaches the public API at once, a bad field is a 400 naming
 * it in the editor's language, the audit trail holds before and after, and a revert puts the public answer back.
 */
describe.each(ENGINES)('content kinds on %s: the home page, stories and benefits', (engine) => {
  let t: TestApp;
  let editor: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());
  const { call, publicJson, history } = editorCalls(() => ({ t, editor }));

  describe('home page: slider and partners', () => {
    const SLIDER = '/api/main_page_slider/?lang=en';
    const PARTNERS = '/api/main_page_partners/?lang=en';

    it('changes a slide: the public slider follows, a bad link is named, the audit has before and after, a revert restores it', async () => {
      const list = await call('GET', '/api/admin/content/slides/');
      expect(list.statusCode, list.body).toBe(200);
      const [slide] = list.json().items as Item[];
      const url = `/api/admin/content/slides/${slide!.id}/`;
      const before = (slide!.values.title as { en: string }).en;
      const shown = async () => ((await publicJson(SLIDER)).results as { id: number; title: string }[]).find((s) => s.id === Number(slide!.id));
      expect((await shown())!.title).toBe(before);

      const bad = await call('PUT', url, { version: slide!.version, values: { ...slide!.values, url: 'javascript:alert(1)', position: -1 } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['position', 'url']);
      expect(bad.json().errors.url).toEqual(['Адрес страницы сайта, начинающийся с «/», или ссылка http(s)://.']);

      const title = { ...(slide!.values.title as object), en: 'A new slide title' };
      const saved = await call('PUT', url, { version: slide!.version, values: { ...slide!.values, title } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await shown())!.title).toBe('A new slide title');
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { title: { en: before } }, after: { title: { en: 'A new slide title' } } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown())!.title).toBe(before);
    });

    it('adds a slide that shows only once published', async () => {
      const values = {
        title: text('Новый слайд', 'New slide', '新幻灯片'),
        text: text('Текст', 'Text', '文本'),
        linkLabel: text('Подробнее', 'More', '更多'),
        url: 'https://example.com/about',
        projectId: null,
        image: { src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 },
        imageAlt: text('Дом', 'A house', '房子'),
        published: false,
        position: 0,
      };
      const created = await call('POST', '/api/admin/content/slides/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json() as Item;
      const titles = async () => ((await publicJson(SLIDER)).results as { title: string }[]).map((s) => s.title);
      expect(await titles()).not.toContain('New slide');
      const published = await call('PUT', `/api/admin/content/slides/${item.id}/`, { version: item.version, values: { ...values, published: true } });
      expect(published.statusCode, published.body).toBe(200);
      expect(await titles()).toContain('New slide');
    });

    it('changes a partner: the public partners follow, a bad field is named, a revert restores it', async () => {
      const [partner] = (await call('GET', '/api/admin/content/partners/')).json().items as Item[];
      const url = `/api/admin/content/partners/${partner!.id}/`;
      const shown = async () => ((await publicJson(PARTNERS)).results as { id: string; name: string }[]).find((p) => p.id === partner!.id);
      const before = (partner!.values.name as { en: string }).en;
      expect((await shown())!.name).toBe(before);

      const bad = await call('PUT', url, { version: partner!.version, values: { ...partner!.values, kind: 'bank', url: 'ftp://example.com' } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'url']);

      const name = { ...(partner!.values.name as object), en: 'Renamed partner' };
      const saved = await call('PUT', url, { version: partner!.version, values: { ...partner!.values, name } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await shown())!.name).toBe('Renamed partner');
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { name: { en: before } }, after: { name: { en: 'Renamed partner' } } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown())!.name).toBe(before);

      const hidden = (await call('GET', url)).json() as Item;
      expect((await call('PUT', url, { version: hidden.version, values: { ...hidden.values, published: false } })).statusCode).toBe(200);
      expect(await shown()).toBeUndefined();
    });
  });

  describe("home page's texts: advantages, the selector's heading", () => {
    type Texts = Record<string, unknown> & { advantages: { title: { en: string } }[]; selector: { title: { ru: string; en: string } } };

    it("changes an advantage and the selector's heading: the page's texts follow, a bad field is named, a revert restores them", async () => {
      const list = (await call('GET', '/api/admin/content/home/')).json().items as Item[];
      expect(list.map((i) => i.id)).toEqual(['home']);
      const url = '/api/admin/content/home/home/';
      const item = (await call('GET', url)).json() as Item;
      const values = item.values as Texts;
      const before = await t.services.blocks.home('en');
      expect(before.advantages[0]!.title).toBe(values.advantages[0]!.title.en);
      // The selector's heading was the catalog's words: the seed and migration 0024 made them the page's data.
      expect(before.selector.title).toBe('Find a flat');

      const bad = await call(
        'PUT',
        url,
        { version: item.version, values: { ...values, selector: { ...values.selector, title: text('') }, advantages: [{ title: text('x'), description: 5 }] } },
        'ru',
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['advantages.0.description', 'selector.title.ru']);
      expect(bad.json().errors['advantages.0.description']).toEqual(['Неверный ввод: ожидалось object, получено число']);

      const advantages = [
        { title: text('Новое преимущество', 'A new advantage', '新优势'), description: text('Описание', 'Its text', '说明') },
        ...values.advantages,
      ];
      const selector = { ...values.selector, title: { ...values.selector.title, en: 'Choose your flat' } };
      const saved = await call('PUT', url, { version: item.version, values: { ...values, advantages, selector } });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await t.services.blocks.home('en');
      expect(after.advantages.map((a) => a.title)).toEqual(['A new advantage', ...before.advantages.map((a) => a.title)]);
      expect(after.selector.title).toBe('Choose your flat');
      // The block's keys the back office does not edit are kept.
      expect(after.hero).toEqual(before.hero);

      const [update] = await history(url);
      expect(update).toMatchObject({
        action: 'update',
        before: { selector: { title: { en: 'Find a flat' } } },
        after: { selector: { title: { en: 'Choose your flat' } } },
      });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await t.services.blocks.home('en')).toEqual(before);

      // One item, changed only: neither created nor deleted.
      expect((await call('POST', '/api/admin/content/home/', { values })).statusCode).toBe(404);
      expect((await call('DELETE', `${url}?version=${item.version}`)).statusCode).toBe(404);
    });
  });

  describe('stories and their cards', () => {
    type Card = { id: number; story: string; kind: string; title: string; image: { src: string } | null; link: { url: string; label: string } | null };
    const cardsOf = async (slug: string) => (await publicJson(`/api/story_cards_mobile/?slug=${slug}&lang=en`)).results as Card[];
    const picture = { src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 };

    it("edits a story's cards in order: the public cards follow, a bad card names its field, a revert restores them", async () => {
      const list = (await call('GET', '/api/admin/content/stories/')).json().items as Item[];
      const story = list.find((s) => s.values.slug === 'terrace')!;
      const url = `/api/admin/content/stories/${story.id}/`;
      const cards = story.values.cards as Record<string, unknown>[];
      const before = await cardsOf('terrace');
      expect(before.map((c) => c.title)).toEqual(cards.map((c) => (c.title as { en: string }).en));

      // A picture card without its picture, a link without its label: named by the card's field, in the editor's language.
      const broken = [
        { ...cards[0], image: null },
        { ...cards[1], linkLabel: text('') },
      ];
      const bad = await call('PUT', url, { version: story.version, values: { ...story.values, cards: broken } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        'cards.0.image': ['Загрузите изображение карточки (или сделайте её текстовой).'],
        'cards.1.linkLabel.ru': ['У ссылки должны быть и адрес, и надпись.'],
      });

      // The cards swapped, and a text card added at the end.
      const added = {
        kind: 'text',
        title: text('Новая карточка', 'A new card', '新卡片'),
        text: text('Текст', 'Its text', '文本'),
        image: null,
        imageAlt: text(''),
        linkUrl: '/filter?type=flat',
        linkLabel: text('Смотреть', 'See', '查看'),
      };
      const saved = await call('PUT', url, { version: story.version, values: { ...story.values, cards: [cards[1], cards[0], added] } });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await cardsOf('terrace');
      expect(after.map((c) => c.title)).toEqual([before[1]!.title, before[0]!.title, 'A new card']);
      expect(after[2]).toMatchObject({ kind: 'text', image: null, link: { url: '/filter?type=flat', label: 'See' } });
      // The n-th card keeps its number.
      expect(after.slice(0, 2).map((c) => c.id)).toEqual(before.map((c) => c.id));
      expect((await publicJson('/api/stories_mobile/?lang=en')).results.find((s: { slug: string }) => s.slug === 'terrace').cards).toBe(3);

      const [update] = await history(url);
      expect(update!.action).toBe('update');
      expect((update!.before!.cards as unknown[]).length).toBe(2);
      expect((update!.after!.cards as unknown[]).length).toBe(3);
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await cardsOf('terrace')).toEqual(before);
    });

    it('adds a story with a picture card, refuses its slug twice, and brings a deleted story back with its cards', async () => {
      const values = {
        slug: 'admin-story',
        title: text('Новая история', 'A new story', '新故事'),
        lotType: 'parking',
        rareFormat: null,
        url: '/filter?type=parking',
        cover: picture,
        coverAlt: text('Обложка', 'A cover', '封面'),
        published: true,
        position: 50,
        cards: [
          {
            kind: 'picture',
            title: text('Карточка', 'A card', '卡片'),
            text: text(''),
            image: picture,
            imageAlt: text('Дом', 'A house', '房子'),
            linkUrl: '',
            linkLabel: text(''),
          },
        ],
      };
      const rare = await call('POST', '/api/admin/content/stories/', { values: { ...values, rareFormat: 'terrace' } });
      expect(rare.statusCode).toBe(400);
      expect(Object.keys(rare.json().errors)).toEqual(['rareFormat']);

      const created = await call('POST', '/api/admin/content/stories/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json() as Item;
      const [card] = await cardsOf('admin-story');
      expect(card).toMatchObject({ story: 'admin-story', kind: 'picture', title: 'A card', image: { src: picture.src }, link: null });
      const twice = await call('POST', '/api/admin/content/stories/', { values });
      expect(twice.statusCode).toBe(400);
      expect(Object.keys(twice.json().errors)).toEqual(['slug']);

      const removed = await call('DELETE', `/api/admin/content/stories/${item.id}/?version=${item.version}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await publicJson('/api/stories_mobile/?lang=en')).results.map((s: { slug: string }) => s.slug)).not.toContain('admin-story');
      // A deleted item has no page of its own: its history is the audit trail's (the back office's journal lists it).
      const [deletion] = await t.services.contentEditor.history('stories', item.id);
      expect(deletion).toMatchObject({ action: 'delete', after: null });
      // The answer names that entry: the back office's list offers to revert the deletion from it.
      expect(removed.json().auditId).toBe(deletion!.id);
      expect((await call('POST', `/api/admin/content/revert/${deletion!.id}/`, {})).statusCode).toBe(200);
      expect((await cardsOf('admin-story')).map((c) => c.title)).toEqual(['A card']);
    });
  });

  describe('benefits', () => {
    type Benefit = { id: number; title: string; project: string | null };
    const POPUP = '/api/benefits_popup/?project=2&lang=en';
    const PAGE = '/api/benefits_project_page/?project=2&lang=en';

    it('changes a benefit: the dialog and the project page follow, a bad field is named, a revert restores it', async () => {
      const list = (await call('GET', '/api/admin/content/benefits/')).json().items as Item[];
      const benefit = list.find((b) => b.values.projectId === 2 && b.values.inPopup === true)!;
      const url = `/api/admin/content/benefits/${benefit.id}/`;
      const shown = async (where: string) => ((await publicJson(where)).results as Benefit[]).find((b) => b.id === Number(benefit.id));
      const before = (benefit.values.title as { en: string }).en;
      expect((await shown(POPUP))!.title).toBe(before);

      const icon = await call('PUT', url, { version: benefit.version, values: { ...benefit.values, icon: 'rocket' } });
      expect(icon.statusCode).toBe(400);
      expect(Object.keys(icon.json().errors)).toEqual(['icon']);
      const nowhere = await call('PUT', url, { version: benefit.version, values: { ...benefit.values, inPopup: false, onPage: false } });
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json().errors).toEqual({ onPage: ['Choose where it is shown: in the dialog, on the project page, or both.'] });

      const title = { ...(benefit.values.title as object), en: 'A renamed benefit' };
      const saved = await call('PUT', url, { version: benefit.version, values: { ...benefit.values, title, inPopup: false, onPage: true } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await shown(POPUP)).toBeUndefined();
      expect((await shown(PAGE))!.title).toBe('A renamed benefit');
      const [update] = await history(url);
      expect(update).toMatchObject({
        action: 'update',
        before: { title: { en: before }, inPopup: true },
        after: { title: { en: 'A renamed benefit' }, inPopup: false },
      });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown(POPUP))!.title).toBe(before);
    });

    it("adds the developer's benefit, said with every project", async () => {
      const values = {
        title: text('Общее преимущество', 'A shared benefit', '共同优势'),
        text: text('Текст', 'Its text', '文本'),
        icon: 'check',
        projectId: null,
        inPopup: true,
        onPage: true,
        published: true,
        position: 99,
      };
      const created = await call('POST', '/api/admin/content/benefits/', { values });
      expect(created.statusCode, created.body).toBe(201);
      for (const project of [1, 2])
        expect(((await publicJson(`/api/benefits_popup/?project=${project}&lang=en`)).results as Benefit[]).at(-1)).toMatchObject({
          title: 'A shared benefit',
          project: null,
        });
    });
  });
});
