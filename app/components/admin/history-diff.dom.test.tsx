import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formFields } from '#core/admin/form.ts';
import { contentKind } from '#core/admin/kinds.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { ChangeDiff, plainText } from './history-diff.tsx';

/**
 * An item's history, one change field by field (issue #42): each value before → after as the form shows it, in the
 * interface's language, on the news kind's own schema. (Reverting from the history, asked in a dialog:
 * tests/e2e/content/admin-content.test.ts.)
 */
afterEach(cleanup);
const FIELDS = formFields(contentKind('news')!.schema);
const OPTIONS = { projects: [{ value: '3', label: 'Липовый' }] };

const rows = () => screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim());

describe("a content item's change in its history", () => {
  it('names each changed field and writes both values as the form shows them, in the interface’s language', () => {
    render(
      <ChangeDiff
        fields={FIELDS}
        options={OPTIONS}
        messages={ADMIN_CONTENT_MESSAGES.ru}
        locale="ru"
        changes={[
          { name: 'title', before: { ru: 'Офис', en: 'Office', zh: '办公室' }, after: { ru: 'Офис', en: 'The office opens', zh: '办公室' } },
          { name: 'body', before: { ru: '<p>Старый <strong>текст</strong></p>', en: '', zh: '' }, after: { ru: '<p>Новый текст</p>', en: '', zh: '' } },
          { name: 'published', before: false, after: true },
          { name: 'publishedAt', before: '2026-11-20', after: '2026-12-01' },
          { name: 'projectId', before: null, after: 3 },
          { name: 'realtyTypes', before: ['flat'], after: ['flat', 'parking'] },
        ]}
      />,
    );
    expect(rows()).toEqual([
      // Only the language that changed.
      'Заголовок (EN): было:Office → стало:The office opens',
      // Rich text as its words.
      'Текст (RU): было:Старый текст → стало:Новый текст',
      'Опубликовано: было:нет → стало:да',
      // A date as the interface writes it, not as stored.
      'Дата публикации: было:20 нояб. 2026 г. → стало:1 дек. 2026 г.',
      // A reference by its name, an empty value said as such.
      'Проект: было:— → стало:Липовый',
      // An enum's values by their words.
      `Виды помещений: было:${ADMIN_CONTENT_MESSAGES.ru.options.flat} → стало:${ADMIN_CONTENT_MESSAGES.ru.options.flat}, ${ADMIN_CONTENT_MESSAGES.ru.options.parking}`,
    ]);
    // The old value is struck out (a deletion), the new one inserted.
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('deletion').textContent).toBe('Office');
    expect(within(first).getByRole('insertion').textContent).toBe('The office opens');
  });

  it('writes English dates and yes/no for an English interface', () => {
    render(
      <ChangeDiff
        fields={FIELDS}
        options={{}}
        messages={ADMIN_CONTENT_MESSAGES.en}
        locale="en"
        changes={[
          { name: 'published', before: true, after: false },
          { name: 'publishedAt', before: '2026-11-20', after: '2026-12-01' },
        ]}
      />,
    );
    expect(rows()).toEqual(['Published: was:yes → now:no', 'Publication date: was:20 Nov 2026 → now:1 Dec 2026']);
  });

  it('reads rich text as its words', () => {
    expect(plainText('<h2>Title</h2><p>One &amp; two&nbsp;three</p><ul><li>a</li><li>b</li></ul>')).toBe('Title One & two three a b');
  });
});
