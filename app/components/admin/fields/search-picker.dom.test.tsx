import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHOICE_IDS_MAX } from '#core/admin/fields.ts';
import { formFields } from '#core/admin/form.ts';
import { contentKind } from '#core/admin/kinds.ts';
import { ADMIN_CONTENT_MESSAGES, fill } from '#core/admin/messages.ts';
import { fieldLabel, FieldList, type Errors, type Values } from '../content-form.tsx';
import { SEARCH_DELAY_MS, type SearchChoices } from './search-picker.tsx';

/**
 * The searched lot picker (issue #42) in a DOM, on the collections kind's own schema: a curator's lots are found by
 * typing part of a number or a name, picked with the keyboard or the mouse from a listbox, shown as chips labelled in
 * the interface's language and removed; the stored values stay the lots' ids. The search endpoint itself:
 * tests/integration/content/admin-content-pickers.test.ts.
 */
const LOTS = {
  '2106': 'Lipovy, Building 2 — 2-room flat No. 22, 54.3 m²',
  '2107': 'Lipovy, Building 2 — 1-room flat No. 23, 38.1 m²',
  '3001': 'Vysoty, Building 1 — Studio No. 220, 24 m²',
};
const FIELDS = formFields(contentKind('collections')!.schema).filter((f) => f.name === 'lotIds');

function Form({
  initial,
  search,
  errors = {},
  onChange,
  locale = 'en',
  options = {},
}: {
  initial: string[];
  search: SearchChoices;
  errors?: Errors;
  onChange?: (v: Values) => void;
  locale?: 'ru' | 'en';
  options?: Record<string, { value: string; label: string }[]>;
}) {
  const [values, setValues] = useState<Values>({ lotIds: initial });
  return (
    <FieldList
      fields={FIELDS}
      values={values}
      errors={errors}
      messages={ADMIN_CONTENT_MESSAGES[locale]}
      options={options}
      thumbnails={{}}
      upload={async () => ({ error: 'no uploads here' })}
      search={search}
      onChange={(next) => {
        setValues(next);
        onChange?.(next);
      }}
    />
  );
}

/** A stand-in of the endpoint: matches by words in the labels, names by ids. */
const fakeSearch = () =>
  vi.fn<SearchChoices>(async (_source, query) => {
    const all = Object.entries(LOTS).map(([value, label]) => ({ value, label }));
    if ('ids' in query) return all.filter((o) => query.ids.includes(o.value));
    return 'q' in query ? all.filter((o) => o.label.toLowerCase().includes(query.q.toLowerCase())) : [];
  });

const messages = ADMIN_CONTENT_MESSAGES.en;
const label = fieldLabel(messages, 'lotIds');

async function type(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 10);
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the searched lot picker', () => {
  it('names the chosen lots by their labels, not their ids, asking for them once', async () => {
    const search = fakeSearch();
    render(<Form initial={['2106', '3001']} search={search} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(search).toHaveBeenCalledWith('lots', { ids: ['2106', '3001'] });
    const chips = within(screen.getByRole('list', { name: messages.picker.chosen }));
    expect(chips.getByText(LOTS['2106'])).toBeTruthy();
    expect(chips.getByText(LOTS['3001'])).toBeTruthy();
    expect(screen.getByRole('button', { name: fill(messages.picker.remove, { label: LOTS['2106'] }) })).toBeTruthy();
  });

  it('names many chosen lots in groups of as many as one request may name, every chip by its label', async () => {
    // A programme's lots: 450 chosen, none named with the form (the form names 400 at most, the endpoint 200 a request).
    const ids = Array.from({ length: 450 }, (_, k) => String(5000 + k));
    const search = vi.fn<SearchChoices>(async (_source, query) => {
      if (!('ids' in query) || query.ids.length > CHOICE_IDS_MAX) throw new Error('400');
      // The last one is gone from the catalogue: left out of the answer.
      return query.ids.filter((v) => v !== '5449').map((v) => ({ value: v, label: `Lot ${v}` }));
    });
    render(<Form initial={ids} search={search} />);
    for (let k = 0; k < 4; k += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    }
    expect(search.mock.calls.map(([, query]) => ('ids' in query ? query.ids.length : 0))).toEqual([200, 200, 50]);
    const chips = within(screen.getByRole('list', { name: messages.picker.chosen }));
    expect(chips.getByText('Lot 5000')).toBeTruthy();
    expect(chips.getByText('Lot 5448')).toBeTruthy();
    expect(chips.getByText('#5449')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the chosen lots’ names fail to load, in the interface’s language, and keeps their chips', async () => {
    const ru = ADMIN_CONTENT_MESSAGES.ru;
    const search = vi.fn<SearchChoices>(async () => {
      throw new Error('HTTP 400');
    });
    render(<Form initial={['2106', '3001']} search={search} locale="ru" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(ru.picker.namesFailed);
    expect(screen.getByRole('combobox', { name: fieldLabel(ru, 'lotIds') }).getAttribute('aria-describedby')).toContain(alert.id);
    expect(screen.getByRole('button', { name: fill(ru.picker.remove, { label: '#2106' }) })).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('names the chosen lots from the labels the form came with, asking for none', async () => {
    const search = fakeSearch();
    render(<Form initial={['2107']} search={search} options={{ lots: [{ value: '2107', label: LOTS['2107'] }] }} />);
    expect(within(screen.getByRole('list', { name: messages.picker.chosen })).getByText(LOTS['2107'])).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(search).not.toHaveBeenCalled();
  });

  it('finds lots as the editor types, and adds one with the arrow keys and Enter, keeping its id', async () => {
    const onChange = vi.fn();
    const search = fakeSearch();
    render(<Form initial={[]} search={search} onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: label });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await type('lipovy');
    expect(search).toHaveBeenLastCalledWith('lots', { q: 'lipovy' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = within(screen.getByRole('listbox', { name: label })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([LOTS['2106'], LOTS['2107']]);
    expect(screen.getByRole('status').textContent).toContain(fill(messages.picker.found, { count: 2 }));
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ lotIds: ['2107'] });
    expect(within(screen.getByRole('list', { name: messages.picker.chosen })).getByText(LOTS['2107'])).toBeTruthy();
    // Closed once picked; the arrow key opens it again, without the chosen lot.
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([LOTS['2106']]);

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('adds a lot with the mouse and removes a chip with its button', async () => {
    const onChange = vi.fn();
    render(<Form initial={['2106']} search={fakeSearch()} onChange={onChange} />);
    await type('studio');
    fireEvent.mouseDown(screen.getByRole('option', { name: LOTS['3001'] }));
    expect(onChange).toHaveBeenLastCalledWith({ lotIds: ['2106', '3001'] });
    fireEvent.click(screen.getByRole('button', { name: fill(messages.picker.remove, { label: LOTS['3001'] }) }));
    expect(onChange).toHaveBeenLastCalledWith({ lotIds: ['2106'] });
  });

  it('says when nothing is found, and shows the server’s message on a chosen lot, in the interface’s language', async () => {
    const ru = ADMIN_CONTENT_MESSAGES.ru;
    render(<Form initial={['9']} search={fakeSearch()} errors={{ 'lotIds.0': ['Номер лота — только цифры.'] }} locale="ru" />);
    const box = screen.getByRole('combobox', { name: fieldLabel(ru, 'lotIds') });
    expect(box.getAttribute('placeholder')).toBe(ru.picker.placeholder);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain(screen.getByText('Номер лота — только цифры.').id);
    fireEvent.change(box, { target: { value: 'nowhere' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 10);
    });
    expect(screen.getByRole('status').textContent).toContain(ru.picker.none);
    // An id the catalogue no longer has is still shown, by its number, so it can be removed.
    expect(screen.getByRole('button', { name: fill(ru.picker.remove, { label: '#9' }) })).toBeTruthy();
  });

  it('drops an older search’s answer that comes after a newer one', async () => {
    let answerFirst: (v: { value: string; label: string }[]) => void = () => {};
    const search = vi.fn<SearchChoices>((_source, query) =>
      'q' in query && query.q === 'lip' ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve([{ value: '3001', label: LOTS['3001'] }]),
    );
    render(<Form initial={[]} search={search} />);
    await type('lip');
    await type('vys');
    await act(async () => answerFirst([{ value: '2106', label: LOTS['2106'] }]));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([LOTS['3001']]);
  });
});

describe('the building select of a window view', () => {
  const fields = formFields(contentKind('windowviews')!.schema).filter((f) => f.name === 'projectId' || f.name === 'buildingNumber');
  const buildings = vi.fn<SearchChoices>(async (_source, query) =>
    'project' in query && query.project === '1'
      ? [
          { value: '1', label: 'Building 1' },
          { value: '2', label: 'Building 2' },
        ]
      : [{ value: '7', label: 'Tower 7' }],
  );
  function ViewForm({ onChange }: { onChange: (v: Values) => void }) {
    const [values, setValues] = useState<Values>({ projectId: null, buildingNumber: null });
    return (
      <FieldList
        fields={fields}
        values={values}
        errors={{}}
        messages={messages}
        options={{
          projects: [
            { value: '1', label: 'Lipovy' },
            { value: '2', label: 'Vysoty' },
          ],
        }}
        thumbnails={{}}
        upload={async () => ({ error: 'no uploads here' })}
        search={buildings}
        onChange={(next) => {
          setValues(next);
          onChange(next);
        }}
      />
    );
  }

  it('waits for the project, then offers its buildings by name and keeps the number', async () => {
    const onChange = vi.fn();
    render(<ViewForm onChange={onChange} />);
    const building = screen.getByRole('combobox', { name: fieldLabel(messages, 'buildingNumber') }) as HTMLSelectElement;
    expect(building.disabled).toBe(true);
    const hint = fill(messages.picker.chooseFirst, { field: fieldLabel(messages, 'projectId') });
    expect(document.getElementById(building.getAttribute('aria-describedby')!)?.textContent).toBe(hint);

    fireEvent.change(screen.getByRole('combobox', { name: fieldLabel(messages, 'projectId') }), { target: { value: '1' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(buildings).toHaveBeenLastCalledWith('buildings', { project: '1' });
    expect(building.disabled).toBe(false);
    expect(
      within(building)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([messages.picker.choose, 'Building 1', 'Building 2']);
    fireEvent.change(building, { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith({ projectId: 1, buildingNumber: 2 });

    // Another project: the building chosen among the first one's is cleared, not kept as another project's «#2».
    fireEvent.change(screen.getByRole('combobox', { name: fieldLabel(messages, 'projectId') }), { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith({ projectId: 2, buildingNumber: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(building.value).toBe('');
    expect(
      within(building)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([messages.picker.choose, 'Tower 7']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the project’s buildings fail to load, in the interface’s language', async () => {
    const ru = ADMIN_CONTENT_MESSAGES.ru;
    const failing = vi.fn<SearchChoices>(async () => {
      throw new Error('HTTP 500');
    });
    render(
      <FieldList
        fields={fields}
        values={{ projectId: 1, buildingNumber: null }}
        errors={{}}
        messages={ru}
        options={{ projects: [{ value: '1', label: 'Липовый' }] }}
        thumbnails={{}}
        upload={async () => ({ error: 'no uploads here' })}
        search={failing}
        onChange={() => {}}
      />,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(failing).toHaveBeenCalledWith('buildings', { project: '1' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(ru.picker.listFailed);
    const building = screen.getByRole('combobox', { name: fieldLabel(ru, 'buildingNumber') });
    expect(building.getAttribute('aria-describedby')).toContain(alert.id);
  });
});
