import { z } from 'zod';
import { parseLotFilter } from '#core/catalogue/filter.ts';
import { COLLECTION_SLUG } from '#core/content/collections.ts';
import { idText } from '#core/schemas/id.ts';
import { safeText } from '#core/schemas/text.ts';
import { codeReferences, localizedText } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/** A lot filter's query as the filter page's address has it (`type=flat&rooms=3,4`), read by the filter's one codec. */
const lotFilterQuery = safeText()
  .trim()
  .max(2000)
  .nullable()
  .check((payload) => {
    if (payload.value && !parseLotFilter(new URLSearchParams(payload.value.replace(/^\?/, ''))).ok)
      payload.issues.push({ code: 'custom', message: 'errors.filterQuery', input: payload.value });
  });

/** A collection's introduction: paragraphs separated by an empty line (stored as a list of paragraphs per language). */
export const PARAGRAPH_BREAK = /\n\s*\n/;

/**
 * Curated lot selections, each a page at `/{slug}`: a saved lot filter and/or the lots a curator picked (at least
 * one), their lots and counts live from the catalogue.
 */
export const collections = defineKind({
  name: 'collections',
  schema: z
    .object({
      slug: safeText().max(64).regex(COLLECTION_SLUG, 'errors.slug'),
      title: localizedText({ max: 200 }),
      description: localizedText({ max: 400, multiline: true }),
      intro: localizedText({ max: 4000, multiline: true, optional: true }),
      query: lotFilterQuery,
      // Picked by name and number from the catalogue (the searched picker, issue #42), kept as the lots' ids.
      lotIds: codeReferences('lots', z.array(idText('errors.lotId')).max(200)),
      position: z.number().int().min(0).max(1000),
      published: z.boolean(),
    })
    .check((payload) => {
      if (!payload.value.query?.trim() && !payload.value.lotIds?.length)
        payload.issues.push({ code: 'custom', path: ['query'], message: 'errors.collectionLots', input: payload.value });
    }),
  titleField: 'title',
  listFields: ['slug', 'position', 'published'],
  preview: false,
  publishing: true,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Подборки лотов',
      fields: {
        intro: 'Вступление (абзацы — через пустую строку)',
        query: 'Фильтр лотов (запрос страницы /filter после «?», например type=flat&rooms=3,4)',
        lotIds: 'Лоты на выбор куратора (пусто — все по фильтру)',
      },
      errors: {
        filterQuery: 'Фильтр не читается: скопируйте запрос из адреса страницы /filter после «?» (например, type=flat&rooms=3,4).',
        collectionLots: 'Укажите фильтр или лоты подборки (хотя бы одно).',
        lotId: 'Номер лота — только цифры.',
        unknownLots: 'Одного из выбранных лотов больше нет в каталоге (он показан номером, «#…»): уберите его.',
      },
    },
    {
      kind: 'Lot collections',
      fields: {
        intro: 'Introduction (paragraphs separated by an empty line)',
        query: 'Lot filter (the /filter page’s query after "?", e.g. type=flat&rooms=3,4)',
        lotIds: 'Curator’s lots (none: all the filter finds)',
      },
      errors: {
        filterQuery: 'Not a filter the site reads: copy the query from the /filter page’s address after "?" (e.g. type=flat&rooms=3,4).',
        collectionLots: 'Give the collection a filter or lots (at least one).',
        lotId: 'A lot number is digits only.',
        unknownLots: 'One of the chosen lots is no longer in the catalogue (it is shown by its number, “#…”): remove it.',
      },
    },
  ),
});
