import { describe, expect, it } from 'vitest';
import { formFields, LONG_TEXT, missingTranslations, type FieldSpec } from './form.ts';
import { CONTENT_KINDS, contentKind, emptyValues } from './kinds.ts';

describe('formFields', () => {
  it('derives each input from the schema: localized texts, rich text, picture, reference, choices, dates', () => {
    const fields = Object.fromEntries(formFields(contentKind('promo')!.schema).map((f) => [f.name, f]));
    expect(fields.title).toEqual({ name: 'title', type: 'localized', input: 'text', required: ['ru'], maxLength: 200 });
    expect(fields.lead).toMatchObject({ type: 'localized', input: 'textarea' });
    expect(fields.body).toMatchObject({ type: 'localized', input: 'richtext', required: [] });
    expect(fields.badge).toMatchObject({ type: 'localized', required: [] });
    expect(fields.image).toEqual({ name: 'image', type: 'image' });
    expect(fields.projectId).toEqual({ name: 'projectId', type: 'reference', source: 'projects', nullable: true });
    expect(fields.realtyTypes).toEqual({ name: 'realtyTypes', type: 'multiselect', options: ['flat', 'parking', 'pantry', 'commercial'] });
    expect(fields.publishedAt).toEqual({ name: 'publishedAt', type: 'date', nullable: false });
    expect(fields.endsAt).toEqual({ name: 'endsAt', type: 'date', nullable: true });
    expect(fields.publishAt).toEqual({ name: 'publishAt', type: 'datetime', nullable: true });
    expect(fields.published).toEqual({ name: 'published', type: 'boolean' });
    expect(fields.slug).toMatchObject({ type: 'text', required: true, maxLength: 100 });
  });

  it('writes a long free text in a text area, in a list as on its own, by one rule for every kind', () => {
    const landing = Object.fromEntries(formFields(contentKind('landings')!.schema).map((f) => [f.name, f]));
    const part = (group: string, name: string) => (landing[group] as Extract<FieldSpec, { type: 'group' }>).fields.find((f) => f.name === name);
    // A section's paragraphs (up to 2,000 characters each) and an answer: text areas; a promise's short points: lines.
    expect(part('payment', 'paragraphs')).toEqual({ name: 'paragraphs', type: 'list', multiline: true });
    expect(part('promise', 'points')).toEqual({ name: 'points', type: 'list' });
    expect(part('hero', 'lead')).toMatchObject({ type: 'text', multiline: true, maxLength: LONG_TEXT });
    expect(part('hero', 'title')).toMatchObject({ type: 'text', multiline: false });
    const faq = part('faq', 'items') as Extract<FieldSpec, { type: 'items' }>;
    expect(faq.fields.find((f) => f.name === 'answer')).toMatchObject({ type: 'text', multiline: true });
    // However long, an address, a link or a code stays on its line; so do an office's phones.
    const field = (kind: string, name: string) => formFields(contentKind(kind)!.schema).find((f) => f.name === name);
    expect(field('redirects', 'oldPath')).toMatchObject({ type: 'text', multiline: false });
    expect(field('partners', 'url')).toMatchObject({ type: 'text', multiline: false });
    expect(field('offices', 'phones')).toEqual({ name: 'phones', type: 'list', maxItems: 5 });
  });

  it("draws ids of another table's rows as a choice of several, each once", () => {
    const offices = contentKind('offices')!;
    expect(formFields(offices.schema).find((f) => f.name === 'projectIds')).toEqual({
      name: 'projectIds',
      type: 'references',
      source: 'projects',
      maxItems: 50,
    });
    expect(emptyValues(offices).projectIds).toEqual([]);
    const projectIds = offices.schema.shape.projectIds;
    expect(projectIds.safeParse([3, 1]).success).toBe(true);
    expect(projectIds.safeParse([3, 3]).error?.issues[0]?.message).toBe('errors.repeatedChoice');
  });

  it('draws an object of fields as a group and a list of objects as items, each named by its own fields', () => {
    const home = Object.fromEntries(formFields(contentKind('home')!.schema).map((f) => [f.name, f]));
    expect(home.selector).toEqual({
      name: 'selector',
      type: 'group',
      fields: [
        { name: 'title', type: 'localized', input: 'text', required: ['ru'], maxLength: 200 },
        { name: 'lead', type: 'localized', input: 'textarea', required: ['ru'], maxLength: 600 },
      ],
    });
    expect(home.advantages).toMatchObject({
      type: 'items',
      maxItems: 12,
      empty: { title: { ru: '', en: '', zh: '' }, description: { ru: '', en: '', zh: '' } },
    });
    // The residents' app is said in Russian only: no language is required.
    expect(home.app).toMatchObject({
      type: 'group',
      fields: [
        { name: 'title', required: [] },
        { name: 'description', required: [] },
      ],
    });

    const cards = formFields(contentKind('stories')!.schema).find((f) => f.name === 'cards')!;
    expect(cards.type).toBe('items');
    const card = Object.fromEntries((cards as Extract<typeof cards, { type: 'items' }>).fields.map((f) => [f.name, f]));
    expect(card.kind).toEqual({ name: 'kind', type: 'select', options: ['picture', 'text'], nullable: false });
    expect(card.image).toEqual({ name: 'image', type: 'image', nullable: true });
    // A new card starts as a picture card with nothing filled in.
    expect((cards as Extract<typeof cards, { type: 'items' }>).empty).toMatchObject({ kind: 'picture', image: null, linkUrl: '' });
  });

  it('draws an auction’s terms as numbers, moments and a choice, and a landing’s sections as groups starting from their parts', () => {
    const auction = Object.fromEntries(formFields(contentKind('auctions')!.schema).map((f) => [f.name, f]));
    expect(auction.lotId).toMatchObject({ type: 'number', integer: true, nullable: false });
    expect(auction.startPrice).toMatchObject({ type: 'number', integer: true });
    expect(auction.startsAt).toEqual({ name: 'startsAt', type: 'datetime', nullable: false });
    expect(auction.plannedEndsAt).toEqual({ name: 'plannedEndsAt', type: 'datetime', nullable: false });
    expect(auction.result).toEqual({ name: 'result', type: 'select', options: ['sold', 'not_sold', 'cancelled'], nullable: true });
    const landing = contentKind('landings')!;
    const fields = Object.fromEntries(formFields(landing.schema).map((f) => [f.name, f]));
    expect(fields.locale).toMatchObject({ type: 'select', options: ['ru', 'en', 'zh'] });
    expect(fields.description).toMatchObject({ type: 'text', multiline: true });
    expect(fields.faq).toMatchObject({
      name: 'faq',
      type: 'group',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'items', type: 'items' },
      ],
    });
    expect(fields.payment).toMatchObject({ type: 'group', fields: [{ name: 'title' }, { name: 'paragraphs', type: 'list' }] });
    expect(emptyValues(landing)).toMatchObject({ hero: { kicker: '', title: '', lead: '' }, faq: { title: '', items: [] } });
    const collection = Object.fromEntries(formFields(contentKind('collections')!.schema).map((f) => [f.name, f]));
    expect(collection.lotIds).toEqual({ name: 'lotIds', type: 'references', source: 'lots', maxItems: 200, codes: true });
    expect(collection.intro).toMatchObject({ type: 'localized', input: 'textarea', required: [] });
    expect(formFields(contentKind('pages')!.schema).find((f) => f.name === 'template')).toMatchObject({
      type: 'select',
      options: ['text', 'disclosure', 'agents', 'partners'],
    });
  });

  it('gives every kind a form whose empty values its own schema judges field by field', () => {
    for (const name of CONTENT_KINDS) {
      const kind = contentKind(name)!;
      expect(formFields(kind.schema).length).toBeGreaterThan(0);
      const result = kind.schema.safeParse(emptyValues(kind));
      // An empty form is not a valid item, and each complaint names a field of the form.
      expect(result.success).toBe(false);
      const names = new Set(formFields(kind.schema).map((f) => f.name));
      for (const issue of result.error!.issues) expect(names.has(String(issue.path[0]))).toBe(true);
    }
  });
});

describe('missingTranslations', () => {
  it('flags empty languages, rich text with no words included', () => {
    expect(missingTranslations({ ru: 'Да', en: '', zh: '<p></p>' })).toEqual(['en', 'zh']);
    expect(missingTranslations({ ru: 'a', en: 'b', zh: 'c' })).toEqual([]);
  });
});
