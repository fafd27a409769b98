import { z } from 'zod';
import { FINANCE_ID } from '#core/purchase/schemas.ts';
import { safeText } from '#core/schemas/text.ts';
import { imageRef, localizedText } from '../fields.ts';
import { defineKind, kindWords } from '../kind.ts';

/** Partner banks (`banks`): their programmes name them, the home page's partners show those with a logo. */
export const banks = defineKind({
  name: 'banks',
  schema: z.object({
    id: safeText().regex(FINANCE_ID, 'errors.code'),
    name: localizedText({ max: 200 }),
    logo: imageRef().nullable(),
    position: z.number().int().min(0).max(10_000),
  }),
  titleField: 'name',
  listFields: ['position'],
  preview: false,
  publishing: false,
  key: { field: 'id', pattern: FINANCE_ID, own: true },
  creatable: true,
  words: kindWords({ kind: 'Банки-партнёры' }, { kind: 'Partner banks' }),
});
