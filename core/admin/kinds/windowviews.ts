import { z } from 'zod';
import { VIEW_TAGS, WINDOW_SIDES } from '#core/insolation/types.ts';
import { idNumber } from '#core/schemas/id.ts';
import { buildingOf } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

const floor = z.number().int().min(-10).max(200);

/**
 * What the windows of one side look at (`window_views`, issue #41), for a building of a project, or one of its
 * sections, over a range of floors: an editor's word over the plan's guess. A save recomputes the project's views.
 */
export const windowviews = defineKind({
  name: 'windowviews',
  schema: z
    .object({
      projectId: idNumber().meta({ widget: 'reference', source: 'projects' }),
      // Chosen among the project's buildings by name (issue #42), kept as its number.
      buildingNumber: buildingOf('projectId'),
      /** None: every section of the building. */
      sectionNumber: z.number().int().min(1).max(999).nullable(),
      floorFrom: floor,
      floorTo: floor,
      side: z.enum(WINDOW_SIDES),
      tags: z
        .array(z.enum(VIEW_TAGS))
        .min(1)
        .max(VIEW_TAGS.length)
        .refine((tags) => new Set(tags).size === tags.length, 'errors.repeatedChoice'),
    })
    .check((payload) => {
      if (payload.value.floorFrom > payload.value.floorTo)
        payload.issues.push({ code: 'custom', path: ['floorTo'], message: 'errors.floorRange', input: payload.value });
    }),
  titleField: 'buildingNumber',
  listFields: ['projectId', 'sectionNumber', 'floorFrom', 'floorTo', 'side', 'tags'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Вид из окон',
      fields: {
        projectId: 'Проект',
        buildingNumber: 'Корпус',
        sectionNumber: 'Секция (пусто — все секции)',
        floorFrom: 'С этажа',
        floorTo: 'По этаж',
        side: 'Сторона окон',
        tags: 'Вид',
      },
      options: {
        'side.north': 'Север',
        'side.east': 'Восток',
        'side.south': 'Юг',
        'side.west': 'Запад',
        'tags.courtyard': 'Двор',
        'tags.park': 'Парк',
        'tags.water': 'Вода',
        'tags.street': 'Улица',
        'tags.city': 'Город',
      },
      errors: {
        floorRange: '«По этаж» не может быть ниже, чем «С этажа».',
        unknownBuilding: 'В этом проекте нет корпуса с таким номером.',
      },
    },
    {
      kind: 'Window views',
      fields: {
        projectId: 'Project',
        buildingNumber: 'Building',
        sectionNumber: 'Section (empty: every section)',
        floorFrom: 'From floor',
        floorTo: 'To floor',
        side: 'Windows facing',
        tags: 'View',
      },
      options: {
        'side.north': 'North',
        'side.east': 'East',
        'side.south': 'South',
        'side.west': 'West',
        'tags.courtyard': 'Courtyard',
        'tags.park': 'Park',
        'tags.water': 'Water',
        'tags.street': 'Street',
        'tags.city': 'City',
      },
      errors: {
        floorRange: '“To floor” cannot be below “From floor”.',
        unknownBuilding: 'This project has no building with this number.',
      },
    },
  ),
});
