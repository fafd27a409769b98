import { partners as table } from '../../../../db/schema/index.ts';
import { PARTNER_LOGO_SIZE } from '../../../home/index.ts';
import { pick, type Binding } from '../binding.ts';
import { mediaIdOf, pictureValue } from '../picture.ts';

const fields = ['id', 'kind', 'name', 'url', 'published', 'position'] as const;

/** The home page's partners other than banks (`partners`), keyed by their own code. */
export const partners: Binding = {
  table,
  key: table.id,
  scope: null,
  // A logo is shown in the partners' one box (PARTNER_LOGO_SIZE), whatever the picture's own size: only its path is kept.
  toValues: (row) => ({ ...pick(row, fields), logo: pictureValue(row.logo, PARTNER_LOGO_SIZE.width, PARTNER_LOGO_SIZE.height, row.logoMediaId) }),
  toRow: (values) => ({ ...pick(values, fields), logo: (values.logo as { src: string }).src, logoMediaId: mediaIdOf(values.logo), updatedAt: new Date() }),
  unique: 'id',
};
