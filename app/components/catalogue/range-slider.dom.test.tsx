import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { plainSpaces, renderInPage } from '#tests/fixtures/dom.tsx';
import { RangeSlider, type RangeValue } from './range-slider.tsx';

const BOUNDS = { min: 4_200_000, max: 31_700_000 };
const rub = (value: number) => `${new Intl.NumberFormat('ru-RU').format(value)} ₽`;

/** The slider as the filter form holds it: its value in state, every change reported. */
function Price({ onChange, initial = {} }: { onChange: (value: RangeValue) => void; initial?: RangeValue }) {
  const [value, setValue] = useState<RangeValue>(initial);
  return (
    <RangeSlider
      name="price"
      label="Цена"
      bounds={BOUNDS}
      value={value}
      format={rub}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('the range slider', () => {
  it('gives each bound a labelled field and a thumb announced with its formatted value', async () => {
    renderInPage(<Price onChange={() => {}} initial={{ max: 12_000_000 }} />);
    expect(screen.getByRole('group', { name: 'Цена' })).toBeTruthy();
    expect(plainSpaces((screen.getByRole('textbox', { name: 'Цена до' }) as HTMLInputElement).value)).toBe('12 000 000');
    const high = await screen.findByRole('slider', { name: 'Цена до' });
    expect(high.getAttribute('aria-valuetext')).toBe(rub(12_000_000));
    // The track's ends are widened to the step grid (100 000 ₽ here).
    expect(screen.getByRole('slider', { name: 'Цена от' }).getAttribute('min')).toBe('4200000');
    expect(high.getAttribute('max')).toBe('31700000');
  });

  it('moves a thumb: the field follows, a thumb at the end means no limit, and the low one never passes the high one', async () => {
    const onChange = vi.fn();
    renderInPage(<Price onChange={onChange} initial={{ max: 12_000_000 }} />);
    const low = await screen.findByRole('slider', { name: 'Цена от' });
    const high = screen.getByRole('slider', { name: 'Цена до' });

    fireEvent.change(high, { target: { value: '15000000' } });
    expect(onChange).toHaveBeenLastCalledWith({ min: undefined, max: 15_000_000 });
    expect(plainSpaces((screen.getByRole('textbox', { name: 'Цена до' }) as HTMLInputElement).value)).toBe('15 000 000');

    fireEvent.change(low, { target: { value: '20000000' } });
    expect(onChange).toHaveBeenLastCalledWith({ min: 15_000_000, max: 15_000_000 });

    fireEvent.change(high, { target: { value: '31700000' } });
    expect(onChange).toHaveBeenLastCalledWith({ min: 15_000_000, max: undefined });
    expect(plainSpaces((screen.getByRole('textbox', { name: 'Цена до' }) as HTMLInputElement).value)).toBe('');
  });

  it('groups digits as they are typed and keeps a letter out', async () => {
    const onChange = vi.fn();
    renderInPage(<Price onChange={onChange} />);
    const field = (await screen.findByRole('textbox', { name: 'Цена от' })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '5000000' } });
    expect(plainSpaces(field.value)).toBe('5 000 000');
    expect(onChange).toHaveBeenLastCalledWith({ min: 5_000_000, max: undefined });
    fireEvent.change(field, { target: { value: '5 000 000x' } });
    expect(plainSpaces(field.value)).toBe('5 000 000');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
