import { describe, expect, it } from 'vitest';
import { banks, programmes } from '#content/purchase.ts';
import { bankInput, programmeInput } from '#core/purchase/schemas.ts';

const family = programmes.find((p) => p.id === 'nord-family')!;
const plan = programmes.find((p) => p.kind === 'installment')!;
const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('the finance programmes’ import schema', () => {
  it('accepts every demo bank and programme', () => {
    for (const b of banks) expect(bankInput.safeParse(b).success, b.id).toBe(true);
    for (const p of programmes) expect(programmeInput.safeParse(p).success, p.id).toBe(true);
  });

  it('refuses the state’s flat-only mortgages for other kinds of lot, naming lot_types', () => {
    expect(fieldsOf(programmeInput.safeParse({ ...family, lot_types: ['flat', 'parking'] }))).toEqual(['lot_types']);
    expect(fieldsOf(programmeInput.safeParse({ ...family, mortgage_kind: 'it', lot_types: ['commercial'] }))).toEqual(['lot_types']);
  });

  it('keeps banks and rates to mortgages, and names each wrong field', () => {
    expect(fieldsOf(programmeInput.safeParse({ ...plan, bank: 'nord', rate: 5 })).sort()).toEqual(['bank', 'rate']);
    expect(fieldsOf(programmeInput.safeParse({ ...family, bank: undefined }))).toEqual(['bank']);
    expect(fieldsOf(programmeInput.safeParse({ ...family, valid_from: '2026-02-30' }))).toEqual(['valid_from']);
    expect(fieldsOf(programmeInput.safeParse({ ...family, valid_to: '2025-12-31' }))).toEqual(['valid_to']);
    expect(fieldsOf(programmeInput.safeParse({ ...family, rate: 5.555 }))).toEqual(['rate']);
    expect(fieldsOf(programmeInput.safeParse({ ...family, name: { ...family.name, en: 'a\u0000b' } }))).toEqual(['name.en']);
  });

  it('takes raster logos inside the media directory only (the image proxy does not resize SVG)', () => {
    expect(bankInput.safeParse({ ...banks[0], logo: 'banks/nord.png' }).success).toBe(true);
    expect(fieldsOf(bankInput.safeParse({ ...banks[0], logo: 'banks/nord.svg' }))).toEqual(['logo']);
    expect(fieldsOf(bankInput.safeParse({ ...banks[0], logo: 'banks/../../etc/passwd.png' }))).toEqual(['logo']);
  });
});
