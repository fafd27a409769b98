import { siteSettings as table } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';

const fields = ['companyName', 'whatsapp', 'telegram', 'wechat', 'salesLanguages'];

/**
 * The site's settings the sales team promises by (`site_settings`, its one row): the messengers and the languages
 * its managers speak. The row's other columns (names, phones, links) are the seed's and are kept.
 */
export const settings: Binding = {
  table,
  key: table.id,
  scope: null,
  toValues: (row) => pick(row, fields),
  toRow: (values) => ({ ...pick(values, fields), updatedAt: new Date() }),
};
