import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formFields } from '#core/admin/form.ts';
import { contentKind } from '#core/admin/kinds.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { fieldLabel, FieldList, type Errors, type Values } from './content-form.tsx';

/**
 * The back office's content form in a DOM, on the stories kind's own schema: a text in three languages side by side
 * with an empty translation flagged and described, the server's messages next to their fields, and a story's cards
 * moved and removed in place. (Signing in, saving, previewing and publishing: tests/e2e/content/admin-content.test.ts.)
 */
afterEach(cleanup);
const messages = ADMIN_CONTENT_MESSAGES.en;
const FIELDS = formFields(contentKind('stories')!.schema);
const card = (title: string) => ({ kind: 'text', title: { ru: title, en: title, zh: title }, text: { ru: '', en: '', zh: '' }, image: null, link: null });

function StoryForm({ initial, errors = {}, onChange }: { initial: Values; errors?: Errors; onChange: (values: Values) => void }) {
  const [values, setValues] = useState<Values>(initial);
  return (
    <FieldList
      fields={FIELDS}
      values={values}
      errors={errors}
      messages={messages}
      options={{}}
      thumbnails={{}}
      upload={async () => ({ error: 'no uploads here' })}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
    />
  );
}

describe('the content form', () => {
  it('puts a text’s three languages side by side, flags an empty translation and drops the flag once written', () => {
    const onChange = vi.fn();
    render(<StoryForm initial={{ title: { ru: 'Паркинг', en: '', zh: '' }, cards: [] }} onChange={onChange} />);
    const title = fieldLabel(messages, 'title');
    const english = screen.getByRole('textbox', { name: `${title} · ${messages.languages.en}` });
    const flags = screen.getAllByText(messages.missingTranslation);
    expect(flags.length).toBeGreaterThanOrEqual(2);
    expect(english.getAttribute('aria-describedby')).toContain(flags[0]!.id);

    fireEvent.change(english, { target: { value: 'Parking' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ title: { ru: 'Паркинг', en: 'Parking', zh: '' } }));
    expect(screen.getByRole('textbox', { name: `${title} · ${messages.languages.en}` }).getAttribute('aria-describedby') ?? '').not.toContain(flags[0]!.id);
  });

  it('shows the server’s message next to its field, which says it is invalid', () => {
    render(<StoryForm initial={{ slug: 'BAD SLUG', cards: [] }} errors={{ slug: ['Use small letters, digits and dashes.'] }} onChange={() => {}} />);
    const slug = screen.getByRole('textbox', { name: fieldLabel(messages, 'slug') });
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(slug.getAttribute('aria-describedby')!)?.textContent).toBe('Use small letters, digits and dashes.');
  });

  it('moves a story’s card down and removes one, in place', () => {
    const onChange = vi.fn();
    render(<StoryForm initial={{ cards: [card('First'), card('Second'), card('Third')] }} onChange={onChange} />);
    const titles = (values: Values) => (values['cards'] as { title: { en: string } }[]).map((c) => c.title.en);
    const downs = screen.getAllByRole('button', { name: new RegExp(`^${messages.itemsWidget.down}`) });
    fireEvent.click(downs[0]!);
    expect(titles(onChange.mock.lastCall![0] as Values)).toEqual(['Second', 'First', 'Third']);
    const removes = screen.getAllByRole('button', { name: new RegExp(`^${messages.itemsWidget.remove}`) });
    fireEvent.click(removes[2]!);
    expect(titles(onChange.mock.lastCall![0] as Values)).toEqual(['Second', 'First']);
  });
});
