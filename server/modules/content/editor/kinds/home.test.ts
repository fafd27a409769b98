import { is, SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { home as kind } from '#core/admin/kinds/home.ts';
import ruHome from '#core/i18n/catalogs/ru/home-blocks.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { home as binding } from './home.ts';

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });
const values = {
  hero: { title: text('Кварталы для жизни'), subtitle: text('Квартиры и кладовые.'), cta: text('Подобрать квартиру'), imageAlt: text('Дома у реки') },
  selector: { title: text('Подберите квартиру'), lead: text('Проект, комнаты и бюджет.') },
  advantages: [{ title: text('Удобное расположение'), description: text('10–15 минут от метро.') }],
  indicators: [{ value: '4', label: text('проекта') }],
  app: { title: text('Приложение для жителей'), description: text('Пропуска и заявки.') },
  englishManagers: { title: text('', 'English-speaking managers'), description: text('', 'We speak English.') },
};

describe("the home page's texts", () => {
  // Merged into the `home` block by SQL: the block the database then holds has the form's keys and its own.
  itBindsEveryField(kind, binding, { values, stored: () => ({ key: 'home', content: { ...values, stories: { title: text('Истории') } } }) });

  it('are one item, changed only, merged into its block so the keys it does not edit stay', () => {
    expect(kind).toMatchObject({ creatable: false, deletable: false });
    expect(is(binding.toRow(values, null).content, SQL)).toBe(true);
  });

  it('say the catalogs’ selector heading until the block has its own', () => {
    expect(binding.toValues({ key: 'home', content: { ...values, selector: undefined } }).selector).toMatchObject({ title: { ru: ruHome.selector.title } });
  });

  it('need the first screen’s words in Russian; the blocks in some languages only may leave any empty', () => {
    expect(issuesOf(kind, { ...values, hero: { ...values.hero, cta: text('') } })).toEqual({ 'hero.cta.ru': [expect.any(String)] });
  });
});
