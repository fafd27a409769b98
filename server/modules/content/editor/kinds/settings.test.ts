import { describe, expect, it } from 'vitest';
import { settings as kind } from '#core/admin/kinds/settings.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { settings as binding } from './settings.ts';

const values = {
  companyName: { ru: 'Северная линия', en: 'Severnaya Liniya', zh: '北线' },
  whatsapp: '+74950001010',
  telegram: 'severnaya_sales',
  wechat: 'severnaya-sales',
  salesLanguages: ['ru', 'en', 'zh'],
};

describe('the settings the sales team promises by', () => {
  itBindsEveryField(kind, binding, { values, stored: (columns) => ({ id: 1, ...columns }) });

  it('are one item, changed only', () => {
    expect(kind).toMatchObject({ creatable: false, deletable: false });
  });

  it('take a messenger left empty (not offered), and refuse an id its messenger would not know', () => {
    expect(issuesOf(kind, { ...values, whatsapp: '', telegram: '', wechat: '' })).toEqual({});
    expect(issuesOf(kind, { ...values, whatsapp: '8 495 000-10-10', telegram: '@sales', wechat: '微信号' })).toEqual({
      whatsapp: ['errors.whatsappNumber'],
      telegram: ['errors.telegramName'],
      wechat: ['errors.wechatId'],
    });
  });

  it('need at least one language of the sales team, each once', () => {
    expect(issuesOf(kind, { ...values, salesLanguages: [] })).toEqual({ salesLanguages: ['errors.salesLanguages'] });
    expect(issuesOf(kind, { ...values, salesLanguages: ['en', 'en'] })).toEqual({ salesLanguages: ['errors.salesLanguages'] });
    expect(Object.keys(issuesOf(kind, { ...values, salesLanguages: ['fr'] }))).toEqual(['salesLanguages.0']);
  });
});
