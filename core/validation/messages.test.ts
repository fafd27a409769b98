import { describe, expect, it } from 'vitest';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { VALIDATION_CODES, validationMessage } from './messages.ts';

describe('validation messages', () => {
  it.each(LOCALES)('has a text for every code and no other in %s (the catalogs’ forms.validation)', (locale) => {
    expect(Object.keys(CATALOGS[locale].forms.validation).sort()).toEqual([...VALIDATION_CODES].sort());
  });

  it('says a code in the language, the least bid filled in, and passes an unknown code through', () => {
    expect(validationMessage('required', 'en')).toBe('Obligatory field');
    expect(validationMessage('bidTooLow', 'ru', { amount: '5 000 000 ₽' })).toBe('Ставка должна быть не меньше 5 000 000 ₽');
    expect(validationMessage('Too long.', 'zh')).toBe('Too long.');
  });

  it('says the consent message in Russian whatever the language (spec §5)', () => {
    for (const locale of LOCALES) expect(validationMessage('consent', locale)).toBe(CATALOGS.ru.forms.validation.consent);
  });
});
