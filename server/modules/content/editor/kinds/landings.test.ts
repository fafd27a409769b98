import { describe, expect, it } from 'vitest';
import { landings as kind } from '#core/admin/kinds/landings.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { landings as binding } from './landings.ts';

const section = { title: 'Paying from abroad', paragraphs: ['In roubles, to a Russian bank.', 'Escrow holds the money until the building is done.'] };
const values = {
  slug: 'buy-in-moscow',
  locale: 'en',
  published: true,
  title: 'Buying a flat in Moscow from abroad',
  description: 'How foreign buyers buy a flat in Moscow.',
  hero: { kicker: 'For buyers outside Russia', title: 'Buying a flat in Moscow from abroad', lead: 'Many come to Moscow once, or not at all.' },
  promise: { title: 'An English-speaking manager', text: 'A manager who speaks English calls you back.', points: ['Calls back within an hour'] },
  steps: { title: 'How a purchase goes', items: [{ title: 'Choose', text: 'Pick a flat in the filter.' }] },
  payment: section,
  signing: section,
  taxes: section,
  guidance: 'General guidance, not legal advice.',
  faq: { title: 'Questions', items: [{ question: 'Must I come to Moscow?', answer: 'Not necessarily.' }] },
  form: { title: 'Book a call back', lead: 'Tell us what you need.' },
};

describe('landings', () => {
  itBindsEveryField(kind, binding, { values });

  it('keep one language’s content whole in one column; a second version of a language is the duplicate', () => {
    const row = binding.toRow(values, null);
    expect(Object.keys(row).sort()).toEqual(['content', 'locale', 'published', 'slug', 'updatedAt']);
    expect(binding.unique).toBe('locale');
    expect(binding.publicPath?.({ id: 1, slug: 'buy-in-moscow' })).toBe('/buy-in-moscow');
  });

  it('leave no text of the version empty', () => {
    expect(Object.keys(issuesOf(kind, { ...values, hero: { ...values.hero, lead: ' ' } }))).toEqual(['hero.lead']);
  });
});
