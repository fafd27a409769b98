import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LotFilter } from '#core/catalogue/service.ts';
import type { Facets, SpecItem } from '#core/catalogue/types.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { renderInPage } from '#tests/fixtures/dom.tsx';
import { LotFilterForm } from './lot-filter-form.tsx';

/**
 * The lot filter form in a DOM, as the filter page holds it once interactive: choices are checkboxes in a named group
 * with the count each would give, one that would give nothing is disabled, every change reaches the page at once,
 * the options folded under "more" open when one is set, and "show" says how many lots. (The page around it, its
 * debounced requests and the URL: tests/e2e/catalogue/catalogue-filter.test.ts; the GET form without JavaScript:
 * the same file and the server pages' tests.)
 */
const SPECS: SpecItem[] = [
  {
    name: 'rooms',
    label: 'Rooms',
    kind: 'choices',
    choices: [
      { value: '1', label: '1' },
      { value: '2', label: '2' },
      { value: '4', label: '4+' },
    ],
  },
  { name: 'price', label: 'Price', kind: 'range', range: { min: 4_200_000, max: 31_700_000 } },
  { name: 'discount', label: 'With a discount', kind: 'boolean' },
];
const FACETS: Facets = { count: 21, items: { rooms: { choices: { '1': 12, '2': 9, '4': 0 } }, discount: { count: 3 } } };

function FilterPage({ onChange, initial = {} }: { onChange: (next: LotFilter) => void; initial?: LotFilter }) {
  const [draft, setDraft] = useState<LotFilter>(initial);
  return (
    <LotFilterForm
      specs={SPECS}
      facets={FACETS}
      draft={draft}
      onChange={(next) => {
        setDraft(next);
        onChange(next);
      }}
      action="/en/filter"
      hidden={{ layout: 'list' }}
      pending={false}
      onReset={() => {}}
      resetHref="/en/filter"
      onShow={() => {}}
    />
  );
}

describe('the lot filter form', () => {
  it('offers each choice with its count, disables one that gives nothing, and hands every change to the page', () => {
    const onChange = vi.fn();
    renderInPage(<FilterPage onChange={onChange} />, { locale: 'en' });
    const rooms = within(screen.getByRole('group', { name: 'Rooms' }));
    expect(rooms.getByRole('checkbox', { name: /^1/ }).closest('label')?.textContent).toBe('112');
    expect((rooms.getByRole('checkbox', { name: /^4\+/ }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(rooms.getByRole('checkbox', { name: /^2/ }));
    expect(onChange).toHaveBeenLastCalledWith({ rooms: ['2'] });
    fireEvent.click(rooms.getByRole('checkbox', { name: /^1/ }));
    expect(onChange).toHaveBeenLastCalledWith({ rooms: ['2', '1'] });
    fireEvent.click(rooms.getByRole('checkbox', { name: /^2/ }));
    expect(onChange).toHaveBeenLastCalledWith({ rooms: ['1'] });
    fireEvent.click(rooms.getByRole('checkbox', { name: /^1/ }));
    expect(onChange).toHaveBeenLastCalledWith({ rooms: undefined });
  });

  it('is a GET form to the filter that keeps the page’s own fields, and says how many lots it shows', () => {
    renderInPage(<FilterPage onChange={() => {}} />, { locale: 'en' });
    const form = screen.getByRole('form', { name: en.catalogue.filter.params }) as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/en/filter#results');
    expect(Object.fromEntries(new FormData(form).entries())).toMatchObject({ layout: 'list' });
    expect(within(form).getByRole('button', { name: /21/ })).toBeTruthy();
  });

  it('folds the yes/no options under "more", open when one of them is set', () => {
    const { unmount } = renderInPage(<FilterPage onChange={() => {}} />, { locale: 'en' });
    const more = () => screen.getByText(en.catalogue.filter.more).closest('details')!;
    expect(more().open).toBe(false);
    unmount();
    renderInPage(<FilterPage onChange={() => {}} initial={{ discount: true }} />, { locale: 'en' });
    expect(more().open).toBe(true);
    const discount = screen.getByRole('checkbox', { name: /^With a discount/ }) as HTMLInputElement;
    expect(discount.checked).toBe(true);
  });

  it('groups the layout features and the windows, view and sun under their names, each with its counts', () => {
    const specs: SpecItem[] = [
      ...SPECS,
      {
        name: 'features',
        label: en.catalogue.words.spec.features,
        kind: 'choices',
        choices: [
          { value: 'master_bedroom', label: en.catalogue.words.feature.master_bedroom },
          { value: 'corner', label: en.catalogue.words.feature.corner },
        ],
      },
      { name: 'view', label: en.catalogue.words.spec.view, kind: 'choices', choices: [{ value: 'park', label: en.catalogue.words.view.park }] },
      { name: 'sun_march', label: en.catalogue.words.spec.sun_march, kind: 'choices', choices: [{ value: '3', label: '3 h or more' }] },
      { name: 'sun_norm', label: en.catalogue.words.spec.sun_norm, kind: 'boolean' },
    ];
    const facets: Facets = {
      ...FACETS,
      items: {
        ...FACETS.items,
        features: { choices: { master_bedroom: 4, corner: 0 } },
        view: { choices: { park: 7 } },
        sun_march: { choices: { '3': 5 } },
        sun_norm: { count: 6 },
      },
    };
    const onChange = vi.fn();
    renderInPage(
      <LotFilterForm
        specs={specs}
        facets={facets}
        draft={{ view: ['park'] }}
        onChange={onChange}
        action="/en/filter"
        hidden={{}}
        pending={false}
        onReset={() => {}}
        resetHref="/en/filter"
        onShow={() => {}}
      />,
      { locale: 'en' },
    );
    const fold = (name: string) => screen.getByText(name, { selector: 'summary' }).closest('details')!;
    const layout = fold(en.catalogue.filter.groups.layout);
    const windows = fold(en.catalogue.filter.groups.windows);
    // Closed until one of its items is set; the features are not among "more".
    expect(layout.open).toBe(false);
    expect(windows.open).toBe(true);
    const features = within(within(layout).getByRole('group', { name: 'Layout' }));
    expect(features.getByRole('checkbox', { name: /^Master bedroom/ }).closest('label')?.textContent).toBe('Master bedroom4');
    expect((features.getByRole('checkbox', { name: /^Corner flat/ }) as HTMLInputElement).disabled).toBe(true);
    expect(
      within(windows)
        .getByRole('checkbox', { name: /^Park view/ })
        .closest('label')?.textContent,
    ).toBe('Park view7');
    expect(within(windows).getByRole('checkbox', { name: /^3 h or more/ })).toBeTruthy();
    fireEvent.click(within(windows).getByRole('checkbox', { name: /^Meets the sunlight norm/ }));
    expect(onChange).toHaveBeenLastCalledWith({ view: ['park'], sun_norm: true });
    expect(within(fold(en.catalogue.filter.more)).queryByRole('checkbox', { name: /^Master bedroom/ })).toBeNull();
  });

  it('hides the items that do not apply to the chosen lot types: no rooms for parking spaces alone', () => {
    const { unmount } = renderInPage(<FilterPage onChange={() => {}} initial={{ type: ['parking'] }} />, { locale: 'en' });
    expect(screen.queryByRole('group', { name: 'Rooms' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /^With a discount/ })).toBeTruthy();
    unmount();
    renderInPage(<FilterPage onChange={() => {}} initial={{ type: ['flat', 'parking'] }} />, { locale: 'en' });
    expect(screen.getByRole('group', { name: 'Rooms' })).toBeTruthy();
  });
});
