import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldSpec } from '#core/admin/form.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { FieldList, type Values } from '../content-form.tsx';

/**
 * The back office's date, moment and number inputs (issue #42): written and read in the interface's language, not the
 * browser's — labelled, described by their pattern, and saying under them what does not read.
 */
afterEach(cleanup);
const FIELDS: FieldSpec[] = [
  { name: 'publishedAt', type: 'date', nullable: false },
  { name: 'publishAt', type: 'datetime', nullable: true },
  { name: 'price', type: 'number', required: true, nullable: true, integer: false },
];

function Form({ locale, initial, onChange }: { locale: 'ru' | 'en'; initial: Values; onChange: (values: Values) => void }) {
  const [values, setValues] = useState<Values>(initial);
  return (
    <FieldList
      fields={FIELDS}
      values={values}
      errors={{}}
      messages={ADMIN_CONTENT_MESSAGES[locale]}
      locale={locale}
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

const INITIAL = { publishedAt: '2026-11-30', publishAt: '2026-11-30T11:05:00.000Z', price: 1234.5 };

describe('dates and numbers in the interface’s language', () => {
  it('shows them as Russian writes them, with the pattern as the hint', () => {
    render(<Form locale="ru" initial={INITIAL} onChange={() => {}} />);
    const day = screen.getByRole('textbox', { name: 'Дата публикации' }) as HTMLInputElement;
    expect(day.value).toBe('30.11.2026');
    const moment = screen.getByRole('textbox', { name: 'Показать на сайте с (запланировать)' }) as HTMLInputElement;
    expect(moment.value).toBe('30.11.2026 14:05');
    expect(document.getElementById(moment.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('дд.мм.гггг чч:мм, по московскому времени');
    expect((screen.getByRole('textbox', { name: 'price' }) as HTMLInputElement).value).toBe('1\u00a0234,5');
  });

  it('reads what is typed in Russian into the values the server takes', () => {
    const onChange = vi.fn();
    render(<Form locale="ru" initial={INITIAL} onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Показать на сайте с (запланировать)' }), { target: { value: '01.12.2026 09:30' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ publishAt: '2026-12-01T06:30:00.000Z' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Дата публикации' }), { target: { value: '1.12.2026' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ publishedAt: '2026-12-01' }));
    const price = screen.getByRole('textbox', { name: 'price' }) as HTMLInputElement;
    fireEvent.change(price, { target: { value: '2 500,75' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ price: 2500.75 }));
    fireEvent.blur(price);
    expect(price.value).toBe('2\u00a0500,75');
  });

  it('in English, as English writes them', () => {
    const onChange = vi.fn();
    render(<Form locale="en" initial={INITIAL} onChange={onChange} />);
    const moment = screen.getByRole('textbox', { name: 'Show on the site from (schedule)' }) as HTMLInputElement;
    expect(moment.value).toBe('30/11/2026 14:05');
    fireEvent.change(moment, { target: { value: '01/12/2026 09:30' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ publishAt: '2026-12-01T06:30:00.000Z' }));
    expect((screen.getByRole('textbox', { name: 'price' }) as HTMLInputElement).value).toBe('1,234.5');
  });

  it('says under the input what does not read, and marks it invalid', () => {
    render(<Form locale="ru" initial={INITIAL} onChange={() => {}} />);
    const day = screen.getByRole('textbox', { name: 'Дата публикации' });
    fireEvent.change(day, { target: { value: '31.11.2026' } });
    expect(day.getAttribute('aria-invalid')).toBe('true');
    const ids = day.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain('Не читается как дата: напишите дд.мм.гггг.');
    const price = screen.getByRole('textbox', { name: 'price' });
    fireEvent.change(price, { target: { value: '12,3,4' } });
    expect(document.getElementById(price.getAttribute('aria-describedby')!)?.textContent).toBe('Не читается как число: например, 1\u00a0234,5.');
  });

  it('empties a moment that may be empty with its button', () => {
    const onChange = vi.fn();
    render(<Form locale="ru" initial={INITIAL} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /^Очистить/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ publishAt: null }));
    expect((screen.getByRole('textbox', { name: 'Показать на сайте с (запланировать)' }) as HTMLInputElement).value).toBe('');
  });
});
