import { z } from 'zod';
import { PARTNER_KINDS } from '#core/content/home-blocks.ts';
import { FINANCE_ID } from '#core/purchase/schemas.ts';
import { safeText } from '#core/schemas/text.ts';
import { webAddress } from '../common-fields.ts';
import { imageRef, localizedText } from '../fields.ts';
import { defineKind, kindWords } from '../kind.ts';

/** The home page's partners other than the banks (`partners`; the banks come with the finance programmes). */
export const partners = defineKind({
  name: 'partners',
  schema: z.object({
    id: safeText().regex(FINANCE_ID, 'errors.code'),
    kind: z.enum(PARTNER_KINDS),
    name: localizedText({ max: 200 }),
    logo: imageRef(),
    url: webAddress.nullable(),
    published: z.boolean(),
    position: z.number().int().min(0).max(1000),
  }),
  titleField: 'name',
  listFields: ['kind', 'position', 'published'],
  preview: false,
  publishing: false,
  key: { field: 'id', pattern: FINANCE_ID, own: true },
  creatable: true,
  words: kindWords(
    { kind: 'Главная: партнёры', options: { architect: 'Архитекторы', contractor: 'Подрядчик', agency: 'Агентство', management: 'Управляющая компания' } },
    { kind: 'Home page: partners', options: { architect: 'Architects', contractor: 'Contractor', agency: 'Agency', management: 'Management company' } },
  ),
});
