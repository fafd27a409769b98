import { describe, expect, it } from 'vitest';
import { partners as kind } from '#core/admin/kinds/partners.ts';
import { PARTNER_LOGO_SIZE } from '../../../home/index.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { partners as binding } from './partners.ts';

const values = {
  id: 'arkhplan',
  kind: 'architect',
  name: { ru: 'Бюро «Архплан»', en: 'Arkhplan Bureau', zh: '' },
  logo: { src: 'partners/arkhplan.png', ...PARTNER_LOGO_SIZE },
  url: null,
  published: true,
  position: 0,
};

describe('home partners', () => {
  itBindsEveryField(kind, binding, { values, stored: (columns) => columns });

  it('keep only a logo’s path, shown in the partners’ one box', () => {
    const row = binding.toRow({ ...values, logo: { src: 'uploads/cd/logo.png', width: 900, height: 300 } }, null);
    expect(binding.toValues(row).logo).toEqual({ src: 'uploads/cd/logo.png', ...PARTNER_LOGO_SIZE });
  });

  it('link to another site only', () => {
    expect(Object.keys(issuesOf(kind, { ...values, url: '/contacts' }))).toEqual(['url']);
  });
});
