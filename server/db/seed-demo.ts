/**
 * The demo content (content/) as the back office's items: each one in its kind's values (core/admin/kinds/), with
 * the file it is written in and the columns its kind does not edit (an office's number and map point). The seed
 * writes them through their kinds (seed-kinds.ts), so the demo can hold nothing the back office would refuse.
 * The demo's catalogue and auctions are generated and written by their own imports; its projects summary has no
 * kind, and its settings row has one for the columns the back office edits.
 */
import type { ContentKindName } from '#core/admin/kinds.ts';
import { home as homeKind } from '#core/admin/kinds/home.ts';
import { blocksToHtml } from '#core/content/rich-text.ts';
import type { MenuName } from '#core/content/menus.ts';
import { bankInput, programmeInput, toBank, toProgramme } from '#core/purchase/schemas.ts';
import { benefits } from '#content/benefits.ts';
import { demoCollections as collections } from '#content/collections.ts';
import { demoFlags as flags } from '#content/flags.ts';
import { partners, slides } from '#content/home-blocks.ts';
import { home } from '#content/home.ts';
import { demoLandings as landings } from '#content/landings.ts';
import { menus } from '#content/menus.ts';
import { offices } from '#content/offices.ts';
import { pages } from '#content/pages/index.ts';
import { publications } from '#content/publications.ts';
import { banks, programmes } from '#content/purchase.ts';
import { redirects } from '#content/redirects.ts';
import { seoMeta } from '#content/seo.ts';
import { settings } from '#content/settings.ts';
import { stories } from '#content/stories.ts';
import type { LocalizedBlocks, MenuLink, PageContent } from '#content/types.ts';
import { EMPTY_TEXT, type Row, type Values } from '../modules/content/editor/binding.ts';
import { BINDINGS } from '../modules/content/editor/kinds/index.ts';
import { PARTNER_LOGO_SIZE, partnerLogoSrc } from '../modules/home/partner-logos.ts';
import { OFFICE_PHOTO_SIZE, officePhotoSrc } from '../modules/offices/photos.ts';

/** One demo item: its kind, where content/ has it (named when a kind refuses it), its values and other columns. */
export type DemoItem = { kind: ContentKindName; where: string; values: Values; columns?: Row };

/** A menu's link with its submenu's links; its parent's number is the database's, given as it is written. */
export type DemoMenuLink = { item: DemoItem; links: DemoMenuLink[] };

/** A body written as blocks, as the rich text the back office edits. */
const richText = (body: LocalizedBlocks) => ({ ru: blocksToHtml(body.ru), en: blocksToHtml(body.en), zh: blocksToHtml(body.zh) });

export const demoRedirects = (): DemoItem[] =>
  redirects.map((r) => ({ kind: 'redirects', where: `content/redirects.ts ${r.old_path}`, values: { oldPath: r.old_path, newPath: r.new_path } }));

export const demoSeo = (): DemoItem[] =>
  seoMeta.map((s) => ({ kind: 'seo', where: `content/seo.ts ${s.url}`, values: { url: s.url, title: s.title, description: s.description } }));

/** The slug pages, all or those `only` keeps (the agents' and partners' pages, seeded later into older databases). */
export const demoPages = (only: (page: PageContent) => boolean = () => true): DemoItem[] =>
  pages.filter(only).map((p) => ({
    kind: 'pages',
    where: `content/pages/${p.slug}.ts`,
    values: { slug: p.slug, template: p.template, title: p.title, description: p.description, body: richText(p.body), published: true },
  }));

/** The four menus' links, in the order they are written. */
export function demoMenus(): DemoMenuLink[] {
  const tree = (menu: MenuName, links: MenuLink[], path: string): DemoMenuLink[] =>
    links.map((link, position) => ({
      item: {
        kind: 'menus',
        where: `content/menus.ts ${path}[${position}]`,
        values: { menu, parentId: null, title: link.title, url: link.url, position },
      },
      links: tree(menu, link.children ?? [], `${path}[${position}].children`),
    }));
  return [
    ...tree('header', menus.header, 'header'),
    ...tree('purchasing_methods', menus.purchasingMethods, 'purchasingMethods'),
    ...tree('mortgage', menus.mortgage, 'mortgage'),
    ...tree('footer', menus.footer, 'footer'),
  ];
}

/** Promotions, news and press mentions in the content's order: promotions are numbered 1, 2, … in it (`/promo/{id}`). */
export const demoPublications = (): DemoItem[] =>
  publications.map((p) => ({
    kind: p.kind,
    where: `content/publications.ts ${p.kind} ${p.slug}`,
    values: {
      slug: p.slug,
      title: p.title,
      lead: p.lead,
      body: richText(p.body),
      image: p.image,
      projectId: p.projectId,
      realtyTypes: p.realtyTypes,
      publishedAt: p.publishedAt,
      published: true,
      publishAt: null,
      unpublishAt: null,
      ...(p.kind === 'promo' ? { badge: p.badge, endsAt: p.endsAt ?? null } : {}),
      ...(p.kind === 'massmedia' ? { sourceName: p.source?.name, sourceUrl: p.source?.url } : {}),
    },
  }));

/** The home page's texts the back office edits; the block's other parts are seeded as content/home.ts has them. */
export function demoHome(): DemoItem {
  const fields = Object.keys(homeKind.schema.shape);
  return { kind: 'home', where: 'content/home.ts', values: Object.fromEntries(fields.map((f) => [f, home[f as keyof typeof home]])) };
}

export const demoSlides = (): DemoItem[] =>
  slides.map((s, position) => {
    const { alt, ...image } = s.image;
    return {
      kind: 'slides',
      where: `content/home-blocks.ts slides[${position}]`,
      values: { title: s.title, text: s.text, linkLabel: s.linkLabel, url: s.url, projectId: s.projectId, image, imageAlt: alt, published: true, position },
    };
  });

/** The partners other than banks, with the logos drawn at first start. */
export const demoPartners = (): DemoItem[] =>
  partners.map((p, position) => ({
    kind: 'partners',
    where: `content/home-blocks.ts partner ${p.id}`,
    values: { id: p.id, kind: p.kind, name: p.name, logo: { src: partnerLogoSrc(p.id), ...PARTNER_LOGO_SIZE }, url: p.url, published: true, position },
  }));

/** The stories with their cards: a card with a picture is a picture card, one without a link has an empty address. */
export const demoStories = (): DemoItem[] =>
  stories.map((s, position) => {
    const { alt: coverAlt, ...cover } = s.cover;
    const cards = s.cards.map((card) => {
      const { alt, ...image } = card.image ?? { alt: EMPTY_TEXT };
      return {
        kind: card.image ? 'picture' : 'text',
        title: card.title,
        text: card.text,
        image: card.image ? image : null,
        imageAlt: alt,
        linkUrl: card.link?.url ?? '',
        linkLabel: card.link?.label ?? EMPTY_TEXT,
      };
    });
    const values = {
      slug: s.slug,
      title: s.title,
      lotType: s.lotType,
      rareFormat: s.rareFormat,
      url: s.url,
      cover,
      coverAlt,
      published: true,
      position,
      cards,
    };
    return { kind: 'stories', where: `content/stories.ts ${s.slug}`, values };
  });

export const demoBenefits = (): DemoItem[] =>
  benefits.map((b, position) => ({
    kind: 'benefits',
    where: `content/benefits.ts [${position}]`,
    values: {
      title: b.title,
      text: b.text,
      icon: b.icon,
      projectId: b.project,
      inPopup: b.inPopup ?? true,
      onPage: b.onPage ?? true,
      published: true,
      position,
    },
  }));

/** The collections; an introduction is edited as paragraphs separated by an empty line. */
export const demoCollections = (): DemoItem[] =>
  collections.map((c, position) => ({
    kind: 'collections',
    where: `content/collections.ts ${c.slug}`,
    values: {
      slug: c.slug,
      title: c.title,
      description: c.description,
      intro: { ru: c.intro.ru.join('\n\n'), en: c.intro.en.join('\n\n'), zh: c.intro.zh.join('\n\n') },
      query: c.query,
      lotIds: c.lotIds ?? [],
      position,
      published: true,
    },
  }));

/** The landings, one item per language version. */
export const demoLandings = (): DemoItem[] =>
  landings.map((l) => ({
    kind: 'landings',
    where: `content/landings.ts ${l.locale}`,
    values: { slug: l.slug, locale: l.locale, published: true, ...l.content },
  }));

/** The sales offices with the projects each serves; their numbers, codes, map points and photos are not the kind's. */
export const demoOffices = (): DemoItem[] =>
  offices.map((o, position) => ({
    kind: 'offices',
    where: `content/offices.ts ${o.slug}`,
    values: {
      name: o.name,
      address: o.address,
      phones: o.phones,
      email: o.email,
      projectIds: o.projects,
      timeZone: o.timeZone,
      schedule: o.schedule,
      exceptions: o.exceptions,
      meetings: o.meetings,
      published: true,
      position,
    },
    columns: {
      id: o.id,
      slug: o.slug,
      kind: o.kind,
      lat: o.lat,
      lng: o.lng,
      photo: officePhotoSrc(o.slug),
      photoWidth: OFFICE_PHOTO_SIZE.width,
      photoHeight: OFFICE_PHOTO_SIZE.height,
    },
  }));

export const demoFlags = (): DemoItem[] =>
  flags.map((f) => ({
    kind: 'flags',
    where: `content/flags.ts ${f.key}`,
    values: { key: f.key, description: f.description, defaultValue: f.definition.defaultValue, rules: f.definition.rules },
  }));

/**
 * The site's settings, its one row: the messengers and the sales team's languages as the back office edits them
 * (core/admin/kinds/settings.ts), the other columns (names, phones, links) as they are.
 */
export const demoSettings = (): DemoItem => {
  const { companyName, whatsapp, telegram, wechat, salesLanguages, ...columns } = settings;
  return {
    kind: 'settings',
    where: 'content/settings.ts',
    values: { companyName, whatsapp, telegram, wechat, salesLanguages },
    columns: { id: 1, ...columns },
  };
};

/**
 * The partner banks and finance programmes, as the back office reads them once the offers import has stored them:
 * the import writes them (server/modules/purchase/offers.ts, the rows the kinds' bindings write too); these are
 * what the kinds check.
 */
export const demoFinance = (): DemoItem[] => [
  ...banks.map((b, i) => ({
    kind: 'banks' as const,
    where: `content/purchase.ts bank ${b.id}`,
    values: BINDINGS.banks.toValues(toBank(bankInput.parse(b), i)),
  })),
  ...programmes.map((p, i) => ({
    kind: 'programmes' as const,
    where: `content/purchase.ts programme ${p.id}`,
    values: BINDINGS.programmes.toValues(toProgramme(programmeInput.parse(p), i)),
  })),
];

/** Every demo item of every kind (a menu's links flattened). */
export function allDemoItems(): DemoItem[] {
  const flat = (links: DemoMenuLink[]): DemoItem[] => links.flatMap((l) => [l.item, ...flat(l.links)]);
  return [
    ...demoRedirects(),
    ...demoPages(),
    ...demoSeo(),
    ...flat(demoMenus()),
    ...demoPublications(),
    demoHome(),
    ...demoFinance(),
    ...demoSlides(),
    ...demoPartners(),
    ...demoStories(),
    ...demoBenefits(),
    ...demoCollections(),
    ...demoLandings(),
    ...demoOffices(),
    ...demoFlags(),
    demoSettings(),
  ];
}
