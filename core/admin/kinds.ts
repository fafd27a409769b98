/**
 * Every kind of content the back office edits, each ONE description: its zod schema (the fields, their checks,
 * and through `meta({ widget })` their inputs), what a list shows, and whether it has a preview and publishing.
 * The server validates with the same schema (server/modules/content/editor/), the form is derived from it
 * (core/admin/form.ts). Adding a kind is adding a description here and its table binding on the server.
 */
import { z } from 'zod';
import { AUCTION_RESULTS } from '../auctions/auction.ts';
import { auctionInput } from '../auctions/schemas.ts';
import { parseLotFilter } from '../catalogue/filter.ts';
import { LOT_TYPES } from '../catalogue/types.ts';
import { COLLECTION_SLUG } from '../content/collections.ts';
import { landingContentShape } from '../content/landing-schemas.ts';
import { LANDING_SLUG } from '../content/landings.ts';
import { PARTNER_KINDS } from '../content/home-blocks.ts';
import { MENU_NAMES } from '../content/menus.ts';
import { BENEFIT_ICONS, RARE_FORMATS, STORY_CARD_KINDS, STORY_LOT_TYPES } from '../content/stories.ts';
import { SUBSCRIPTION_TOPICS } from '../validation/lead-forms.ts';
import { PAGE_SLUG, PAGE_TEMPLATES } from '../content/pages.ts';
import { officeWeekSchema } from '../content/office-schemas.ts';
import { PUBLICATION_SLUG_PATTERN } from '../content/publications.ts';
import { LOCALES } from '../i18n/locales.ts';
import { safeText } from '../schemas/text.ts';
import { FEATURE_KEY, featureDefinitionSchema, featureKeySchema } from '../flags/features.ts';
import { FINANCE_ID, programmeInput } from '../purchase/schemas.ts';
import { imageRef, localizedRichText, localizedText, longText, reference, references } from './fields.ts';

export const CONTENT_KINDS = [
  'news',
  'promo',
  'massmedia',
  'pages',
  'collections',
  'landings',
  'offices',
  'redirects',
  'seo',
  'flags',
  'programmes',
  'banks',
  'home',
  'slides',
  'partners',
  'stories',
  'benefits',
  'menus',
  'subscriptions',
  'auctions',
] as const;
export type ContentKindName = (typeof CONTENT_KINDS)[number];

export type ContentKind = {
  name: ContentKindName;
  schema: z.ZodObject;
  /** The field that names an item in lists and the audit trail. */
  titleField: string;
  /** The fields a list shows besides the title. */
  listFields: string[];
  /** A staff-only preview of the public page before publishing. */
  preview: boolean;
  /** Published or a draft (publish and unpublish in the form): the item has `published`, and `publishAt` when it may be scheduled. */
  publishing: boolean;
  /** New items may be made here (offices are numbered by the sales team's systems: changed, not created). */
  creatable: boolean;
  /** Items may not be deleted (the home page's texts: the page has nothing to show without them). */
  deletable?: false;
  /** How an item is addressed: a number the database gives, or a field of its own (fixed once created). */
  key: { field: 'id'; pattern: RegExp } | { field: string; pattern: RegExp; own: true };
};

const SERIAL = { field: 'id', pattern: /^[1-9]\d{0,9}$/ } as const;

/** The field of an item's own key (fixed once created), or null when the database numbers the items. */
export const ownKey = (kind: ContentKind): string | null => ('own' in kind.key ? kind.key.field : null);

const slug = safeText().max(100).regex(PUBLICATION_SLUG_PATTERN, 'errors.slug');
/** A date-time with its offset (`2026-12-01T09:00:00+03:00`) or null. */
const moment = z.iso.datetime({ offset: true }).nullable();

/** What promotions, news and press mentions share (the `publications` table). */
const publication = {
  slug,
  title: localizedText({ max: 200 }),
  lead: localizedText({ max: 600, multiline: true }),
  body: localizedRichText(),
  image: imageRef(),
  projectId: reference('projects'),
  realtyTypes: z.array(z.enum(LOT_TYPES)),
  publishedAt: z.iso.date(),
  published: z.boolean(),
  publishAt: moment,
};

const sitePath = safeText()
  .max(500)
  .regex(/^\/(?!\/)[^\s?#]*$/, 'errors.sitePath');
/** Where a link leads: a path of this site without the language prefix (`/projects/2?x=1`) or an http(s) address. */
const siteLink = safeText()
  .max(1000)
  .regex(/^(?:\/(?!\/)|https?:\/\/[^/\s?#]+)[^\s]*$/, 'errors.link');
const webAddress = z.url({ protocol: /^https?$/ }).max(1000);
/** A path of this site with an optional query, without the language prefix (`/filter?type=flat&rooms=3`). */
const siteHref = safeText()
  .max(1000)
  .regex(/^\/(?!\/)\S*$/, 'errors.sitePath');
const position = z.number().int().min(0).max(1000);

/**
 * The home page's texts (`content_blocks`, key `home`; core/content/home.ts): the first screen's words, the
 * selector's heading, the advantages, the key indicators, and the two blocks said in some languages only (an empty
 * title is "not in this language": the residents' app in Russian, English-speaking managers in English and Chinese).
 */
const languageBlock = () =>
  z.object({ title: localizedText({ max: 200, optional: true }), description: localizedText({ max: 1000, multiline: true, optional: true }) });
const homeSchema = z.object({
  hero: z.object({
    title: localizedText({ max: 200 }),
    subtitle: localizedText({ max: 1000, multiline: true }),
    cta: localizedText({ max: 60 }),
    imageAlt: localizedText({ max: 300 }),
  }),
  selector: z.object({ title: localizedText({ max: 200 }), lead: localizedText({ max: 600, multiline: true }) }),
  advantages: z.array(z.object({ title: localizedText({ max: 200 }), description: localizedText({ max: 1000, multiline: true }) })).max(12),
  indicators: z.array(z.object({ value: safeText().trim().min(1).max(40), label: localizedText({ max: 200 }) })).max(12),
  app: languageBlock(),
  englishManagers: languageBlock(),
});

/**
 * A card of a story (`story_cards`), edited inside its story in order: a picture with its description, or a text;
 * either may lead on (a path of the site and its label, both or neither). A text card keeps no picture.
 */
const storyCard = z
  .object({
    kind: z.enum(STORY_CARD_KINDS),
    title: localizedText({ max: 200 }),
    text: localizedText({ max: 1000, multiline: true, optional: true }),
    image: imageRef().nullable(),
    imageAlt: localizedText({ max: 300, optional: true }),
    linkUrl: safeText()
      .max(1000)
      .regex(/^(?:\/(?!\/)\S*)?$/, 'errors.sitePath'),
    linkLabel: localizedText({ max: 60, optional: true }),
  })
  .superRefine((card, ctx) => {
    if (card.kind === 'picture' && !card.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'errors.cardImage' });
    if (card.kind === 'picture' && !card.imageAlt.ru) ctx.addIssue({ code: 'custom', path: ['imageAlt', 'ru'], message: 'errors.imageAlt' });
    if (card.linkUrl && !card.linkLabel.ru) ctx.addIssue({ code: 'custom', path: ['linkLabel', 'ru'], message: 'errors.cardLink' });
    if (!card.linkUrl && card.linkLabel.ru) ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: 'errors.cardLink' });
  });

/** A lot filter's query as the filter page's address has it (`type=flat&rooms=3,4`), read by the filter's one codec. */
const lotFilterQuery = safeText()
  .trim()
  .max(2000)
  .nullable()
  .check((payload) => {
    if (payload.value && !parseLotFilter(new URLSearchParams(payload.value.replace(/^\?/, ''))).ok)
      payload.issues.push({ code: 'custom', message: 'errors.filterQuery', input: payload.value });
  });
/** A catalogue lot's number (its id, as in the address of its page). */
const LOT_ID = /^[1-9]\d{0,9}$/;

/** A collection's introduction: paragraphs separated by an empty line (stored as a list of paragraphs per language). */
export const PARAGRAPH_BREAK = /\n\s*\n/;

/** A landing's texts: each is written for its readers, so none may be left empty. */
const landingText = (max: number) => safeText().trim().min(1).max(max);
const landingContent = landingContentShape(landingText);

/**
 * A finance programme's fields (core/purchase/types.ts, the table's columns) and their names in the offers import's
 * wire shape, whose schema (`programmeInput`) holds the programmes' rules: every programme the back office saves is
 * checked by it, as the import's are.
 */
export const PROGRAMME_WIRE_NAMES = {
  id: 'id',
  kind: 'kind',
  bankId: 'bank',
  mortgageKind: 'mortgage_kind',
  name: 'name',
  conditions: 'conditions',
  rate: 'rate',
  markup: 'markup',
  minDownPayment: 'min_down_payment',
  maxTermMonths: 'max_term_months',
  maxLoan: 'max_loan',
  projects: 'projects',
  lotTypes: 'lot_types',
  lots: 'lots',
  validFrom: 'valid_from',
  validTo: 'valid_to',
  position: 'position',
} as const;

/**
 * An import's own schema (`wireSchema`, in its row's names) run over a whole item of a description, its issues named
 * by the description's fields (`names`: field → the import's name). A field's own check the import repeats is told
 * once (the issues' messages are worded only after parsing).
 */
function judgedByImport(wireSchema: z.ZodType, names: Record<string, string>, payload: { value: object; issues: z.core.$ZodRawIssue[] }): void {
  const values = payload.value as Record<string, unknown>;
  const parsed = wireSchema.safeParse(Object.fromEntries(Object.entries(names).map(([field, wire]) => [wire, values[field]])));
  if (parsed.success) return;
  const fieldOf = new Map(Object.entries(names).map(([field, wire]) => [wire, field]));
  const known = new Set(payload.issues.map((i) => `${(i.path ?? []).join('.')}\n${i.code}`));
  for (const issue of parsed.error.issues) {
    const [head, ...rest] = issue.path;
    const path = [fieldOf.get(String(head)) ?? String(head), ...rest];
    if (!known.has(`${path.join('.')}\n${issue.code}`)) payload.issues.push({ ...issue, path, input: payload.value } as never);
  }
}

/** A programme's values in the import's wire shape. */
export function programmeToWire(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(PROGRAMME_WIRE_NAMES).map(([field, wire]) => [wire, values[field]]));
}

const wire = programmeInput.shape;
const programmeSchema = z
  .object({
    id: wire.id,
    kind: wire.kind,
    bankId: wire.bank.unwrap(),
    mortgageKind: wire.mortgage_kind.unwrap(),
    name: localizedText({ max: 200 }),
    conditions: localizedText({ max: 2000, multiline: true }),
    rate: wire.rate.unwrap(),
    markup: wire.markup.unwrap(),
    minDownPayment: wire.min_down_payment,
    maxTermMonths: wire.max_term_months,
    maxLoan: wire.max_loan.unwrap(),
    projects: wire.projects.unwrap().meta({ widget: 'list' }),
    lotTypes: wire.lot_types,
    lots: wire.lots.unwrap().meta({ widget: 'list' }),
    validFrom: z.iso.date(),
    validTo: z.iso.date().nullable(),
    position: wire.position.unwrap(),
  })
  // The import's own schema judges the whole programme (a mortgage names its bank, an instalment plan charges no
  // interest, a special offer ends…).
  .check((payload) => judgedByImport(programmeInput, PROGRAMME_WIRE_NAMES, payload));

/** An auction's fields and their names in the auctions import's rows, whose schema (`auctionInput`) holds the auctions' rules. */
export const AUCTION_WIRE_NAMES = {
  lotId: 'lot',
  startPrice: 'start_price',
  minStep: 'min_step',
  startsAt: 'starts_at',
  plannedEndsAt: 'ends_at',
  extendMinutes: 'extend_minutes',
  result: 'result',
} as const;

const roubles = z.number().int().positive().max(1e12);
const auctionSchema = z
  .object({
    lotId: z.number().int().positive().max(2_147_483_647),
    startPrice: roubles,
    minStep: roubles,
    startsAt: z.iso.datetime({ offset: true }),
    /** The end as announced (an extension its bids make is the auction's own). */
    plannedEndsAt: z.iso.datetime({ offset: true }),
    extendMinutes: z.number().int().min(0).max(1440),
    result: z.enum(AUCTION_RESULTS).nullable(),
  })
  // The import's own schema judges the whole auction (its end after its start…), as it judges the import's rows.
  .check((payload) => judgedByImport(auctionInput, AUCTION_WIRE_NAMES, payload));

const KINDS: Record<ContentKindName, ContentKind> = {
  news: {
    name: 'news',
    schema: z.object(publication),
    titleField: 'title',
    listFields: ['publishedAt', 'published', 'publishAt'],
    preview: true,
    publishing: true,
    key: SERIAL,
    creatable: true,
  },
  promo: {
    name: 'promo',
    schema: z.object({ ...publication, badge: localizedText({ max: 20, optional: true }), endsAt: z.iso.date().nullable() }),
    titleField: 'title',
    listFields: ['publishedAt', 'endsAt', 'published', 'publishAt'],
    preview: true,
    publishing: true,
    key: SERIAL,
    creatable: true,
  },
  massmedia: {
    name: 'massmedia',
    schema: z.object({
      ...publication,
      sourceName: localizedText({ max: 120 }),
      sourceUrl: z.url({ protocol: /^https?$/ }).max(1000),
    }),
    titleField: 'title',
    listFields: ['publishedAt', 'published', 'publishAt'],
    preview: false,
    publishing: true,
    key: SERIAL,
    creatable: true,
  },
  pages: {
    name: 'pages',
    // Policy pages, the agents' and partners' pages, disclosure…: a page at `/{slug}`; the template adds its booking
    // form (agents, partners) or boxes the text (disclosure).
    schema: z.object({
      slug: safeText().max(200).regex(PAGE_SLUG, 'errors.pageSlug'),
      template: z.enum(PAGE_TEMPLATES),
      title: localizedText({ max: 200 }),
      description: localizedText({ max: 400, multiline: true }),
      body: localizedRichText(),
      published: z.boolean(),
    }),
    titleField: 'title',
    listFields: ['slug', 'template', 'published'],
    preview: true,
    publishing: true,
    key: SERIAL,
    creatable: true,
  },
  collections: {
    name: 'collections',
    // Curated lot selections, each a page at `/{slug}`: a saved lot filter and/or the lots a curator picked (at least
    // one), their lots and counts live from the catalogue.
    schema: z
      .object({
        slug: safeText().max(64).regex(COLLECTION_SLUG, 'errors.slug'),
        title: localizedText({ max: 200 }),
        description: localizedText({ max: 400, multiline: true }),
        intro: localizedText({ max: 4000, multiline: true, optional: true }),
        query: lotFilterQuery,
        lotIds: z.array(safeText().regex(LOT_ID, 'errors.lotId')).max(200).meta({ widget: 'list' }),
        position: z.number().int().min(0).max(1000),
        published: z.boolean(),
      })
      .check((payload) => {
        if (!payload.value.query?.trim() && !payload.value.lotIds?.length)
          payload.issues.push({ code: 'custom', path: ['query'], message: 'errors.collectionLots', input: payload.value });
      }),
    titleField: 'title',
    listFields: ['slug', 'position', 'published'],
    preview: false,
    publishing: true,
    key: SERIAL,
    creatable: true,
  },
  landings: {
    name: 'landings',
    // A landing for foreign buyers in one language (`/{locale}/{slug}`): each version is written whole for its readers.
    schema: z.object({
      slug: safeText().max(64).regex(LANDING_SLUG, 'errors.slug'),
      locale: z.enum(LOCALES),
      published: z.boolean(),
      ...landingContent,
      description: landingContent.description.meta({ widget: 'textarea' }),
      guidance: landingContent.guidance.meta({ widget: 'textarea' }),
    }),
    titleField: 'title',
    listFields: ['slug', 'locale', 'published'],
    preview: false,
    publishing: true,
    key: SERIAL,
    creatable: true,
  },
  offices: {
    name: 'offices',
    schema: z.object({
      name: localizedText({ max: 200 }),
      address: localizedText({ max: 400 }),
      phones: z
        .array(safeText().regex(/^\+\d{10,15}$/, 'errors.phone'))
        .min(1)
        .max(5)
        .meta({ widget: 'list' }),
      email: z.email().max(200).nullable(),
      // The catalogue's projects the office serves (`office_projects`), in the order its card lists them.
      projectIds: references('projects', 50),
      schedule: officeWeekSchema.meta({ widget: 'week' }),
      meetings: z.boolean(),
      published: z.boolean(),
      position: z.number().int().min(0).max(1000),
    }),
    titleField: 'name',
    listFields: ['published'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: false,
  },
  redirects: {
    name: 'redirects',
    schema: z.object({ oldPath: sitePath, newPath: sitePath }),
    titleField: 'oldPath',
    listFields: ['newPath'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: true,
  },
  seo: {
    name: 'seo',
    schema: z.object({ url: sitePath, title: localizedText({ max: 200 }), description: localizedText({ max: 400, multiline: true }) }),
    titleField: 'url',
    listFields: ['title'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: true,
  },
  flags: {
    name: 'flags',
    // A feature as the GrowthBook SDK reads it (ADR 015): the whole definition is checked with the flags' own schema.
    schema: z
      .object({
        key: featureKeySchema,
        description: longText(1000),
        defaultValue: featureDefinitionSchema.shape.defaultValue.meta({ widget: 'json' }),
        rules: featureDefinitionSchema.shape.rules.meta({ widget: 'json' }),
      })
      .check((payload) => {
        const definition = featureDefinitionSchema.safeParse({ defaultValue: payload.value.defaultValue, rules: payload.value.rules });
        if (!definition.success) for (const issue of definition.error.issues) payload.issues.push({ ...issue, input: payload.value } as never);
      }),
    titleField: 'key',
    listFields: ['description'],
    preview: false,
    publishing: false,
    key: { field: 'key', pattern: FEATURE_KEY, own: true },
    creatable: true,
  },
  programmes: {
    name: 'programmes',
    // Partner banks' mortgage programmes, special mortgage offers and the developer's instalment plans: one shape.
    schema: programmeSchema,
    titleField: 'name',
    listFields: ['kind', 'rate', 'validTo'],
    preview: false,
    publishing: false,
    key: { field: 'id', pattern: FINANCE_ID, own: true },
    creatable: true,
  },
  slides: {
    name: 'slides',
    // The home page's main slider (`home_slides`): shown by position, published ones only.
    schema: z.object({
      title: localizedText({ max: 200 }),
      text: localizedText({ max: 600, multiline: true }),
      linkLabel: localizedText({ max: 60 }),
      url: siteLink,
      projectId: reference('projects'),
      image: imageRef(),
      imageAlt: localizedText({ max: 300 }),
      published: z.boolean(),
      position: z.number().int().min(0).max(1000),
    }),
    titleField: 'title',
    listFields: ['position', 'published'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: true,
  },
  partners: {
    name: 'partners',
    // The home page's partners other than the banks (`partners`; the banks come with the finance programmes' import).
    schema: z.object({
      id: safeText().regex(FINANCE_ID, 'errors.code'),
      kind: z.enum(PARTNER_KINDS),
      name: localizedText({ max: 200 }),
      logo: imageRef(),
      url: webAddress.nullable(),
      published: z.boolean(),
      position: z.number().int().min(0).max(1000),
    }),
    titleField: 'name',
    listFields: ['kind', 'position', 'published'],
    preview: false,
    publishing: false,
    key: { field: 'id', pattern: FINANCE_ID, own: true },
    creatable: true,
  },
  home: {
    name: 'home',
    schema: homeSchema,
    titleField: 'hero',
    listFields: [],
    preview: false,
    publishing: false,
    // One item, changed only.
    key: { field: 'key', pattern: /^home$/, own: true },
    creatable: false,
    deletable: false,
  },
  stories: {
    name: 'stories',
    // The home page's stories on phones (`stories`), each with its cards in order (`story_cards`); a story without
    // cards is not shown. A rare format is a format of flats.
    schema: z
      .object({
        slug: safeText().regex(/^[a-z0-9_-]{1,64}$/, 'errors.code'),
        title: localizedText({ max: 60 }),
        lotType: z.enum(STORY_LOT_TYPES).nullable(),
        rareFormat: z.enum(RARE_FORMATS).nullable(),
        url: siteHref,
        cover: imageRef(),
        coverAlt: localizedText({ max: 300 }),
        published: z.boolean(),
        position,
        cards: z.array(storyCard).max(20),
      })
      .superRefine((story, ctx) => {
        if (story.rareFormat && story.lotType !== 'flat') ctx.addIssue({ code: 'custom', path: ['rareFormat'], message: 'errors.rareFormat' });
      }),
    titleField: 'title',
    listFields: ['slug', 'position', 'published'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: true,
  },
  benefits: {
    name: 'benefits',
    // A project's own benefit, or the developer's (no project) said with every project: in the "why this project"
    // dialog, on the project page, or both.
    schema: z
      .object({
        title: localizedText({ max: 200 }),
        text: localizedText({ max: 1000, multiline: true }),
        icon: z.enum(BENEFIT_ICONS),
        projectId: reference('projects'),
        inPopup: z.boolean(),
        onPage: z.boolean(),
        published: z.boolean(),
        position,
      })
      .superRefine((benefit, ctx) => {
        if (!benefit.inPopup && !benefit.onPage) ctx.addIssue({ code: 'custom', path: ['onPage'], message: 'errors.benefitShown' });
      }),
    titleField: 'title',
    listFields: ['projectId', 'position', 'published'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: true,
  },
  banks: {
    name: 'banks',
    // Partner banks (`banks`): their programmes name them, the home page's partners show those with a logo.
    schema: z.object({
      id: safeText().regex(FINANCE_ID, 'errors.code'),
      name: localizedText({ max: 200 }),
      logo: imageRef().nullable(),
      position: z.number().int().min(0).max(10_000),
    }),
    titleField: 'name',
    listFields: ['position'],
    preview: false,
    publishing: false,
    key: { field: 'id', pattern: FINANCE_ID, own: true },
    creatable: true,
  },
  subscriptions: {
    name: 'subscriptions',
    // The subscription block's heading per topic (spec §3); a topic without a row, or a language left empty, says
    // the locale catalog's words.
    schema: z.object({
      topic: z.enum(SUBSCRIPTION_TOPICS),
      title: localizedText({ max: 200 }),
      description: localizedText({ max: 600, multiline: true }),
    }),
    titleField: 'title',
    listFields: ['topic'],
    preview: false,
    publishing: false,
    key: { field: 'topic', pattern: new RegExp(`^(?:${SUBSCRIPTION_TOPICS.join('|')})$`), own: true },
    creatable: true,
  },
  menus: {
    name: 'menus',
    // One link of the header, footer, purchasing-methods or mortgage menu; a parent makes it a submenu's link.
    // `min_mortgage_rate` in a title is replaced by the lowest rate in force (spec §3).
    schema: z.object({
      menu: z.enum(MENU_NAMES),
      parentId: reference('menus'),
      title: localizedText({ max: 200 }),
      url: siteLink,
      position: z.number().int().min(0).max(1000),
    }),
    titleField: 'title',
    listFields: ['menu', 'parentId', 'position'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: true,
  },
  auctions: {
    name: 'auctions',
    // A lot sold by auction (ADR 020): its terms, and the result the sales team gives it after the end. Once bids are
    // made on it, its lot, start price, step and start are fixed (server/modules/auctions/rules.ts).
    schema: auctionSchema,
    titleField: 'lotId',
    listFields: ['startsAt', 'plannedEndsAt', 'result'],
    preview: false,
    publishing: false,
    key: SERIAL,
    creatable: true,
  },
};

export function contentKind(name: string): ContentKind | null {
  return (CONTENT_KINDS as readonly string[]).includes(name) ? KINDS[name as ContentKindName] : null;
}

export const isContentKind = (name: string): name is ContentKindName => (CONTENT_KINDS as readonly string[]).includes(name);

/** The audit trail's entity kind of a kind of content (`content_news`; ADR 025's kinds are lower-case words and `_`). */
export const CONTENT_ENTITY_PREFIX = 'content_';
export type ContentEntity = `${typeof CONTENT_ENTITY_PREFIX}${ContentKindName}`;
export const contentEntity = (kind: ContentKindName): ContentEntity => `${CONTENT_ENTITY_PREFIX}${kind}`;

/** The kind of content an audit entry is about, when it is a change the engine can revert (ADR 026), else null. */
export function revertibleKind(entry: { action: string; entityKind: string }): ContentKindName | null {
  const name = entry.entityKind.startsWith(CONTENT_ENTITY_PREFIX) ? entry.entityKind.slice(CONTENT_ENTITY_PREFIX.length) : '';
  return isContentKind(name) && ['create', 'update', 'delete', 'revert'].includes(entry.action) ? name : null;
}

/** Values of a new item: what the form starts from. */
export function emptyValues(kind: ContentKind): Record<string, unknown> {
  const shape = kind.schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const meta = schema.meta() as { widget?: string } | undefined;
    if (meta?.widget === 'localized') out[name] = { ru: '', en: '', zh: '' };
    else if (meta?.widget === 'week') out[name] = [null, null, null, null, null, null, null];
    else if (meta?.widget === 'image' || meta?.widget === 'reference') out[name] = null;
    else if (schema instanceof z.ZodBoolean) out[name] = false;
    else if (schema instanceof z.ZodArray) out[name] = [];
    else if (schema instanceof z.ZodObject) out[name] = emptyValues({ ...kind, schema });
    else if (schema.safeParse(null).success) out[name] = null;
    else out[name] = '';
  }
  return out;
}
