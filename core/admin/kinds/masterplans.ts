import { z } from 'zod';
import { ID_PATTERN } from '#core/schemas/id.ts';
import { safeText } from '#core/schemas/text.ts';
import { codeReference } from '../fields.ts';
import { defineKind, kindWords } from '../kind.ts';

/**
 * A project's master plan as the sun-and-view passport reads it (issue #41, docs/guides/insolation.md): metres per
 * pixel of its genplan picture and where north is on it. The projects are the catalogue's: changed, not created. A
 * save recomputes the project's sun (server/modules/content/editor/kinds/sun-inputs.ts).
 */
export const masterplans = defineKind({
  name: 'masterplans',
  schema: z.object({
    // The project's id (projects.id), its item's key: fixed, the plan is the project's.
    project: codeReference('projects', safeText().regex(ID_PATTERN)),
    // The table's own bounds (migration 0033): a plan drawn at more than 10 m a pixel shows no building.
    genplanScale: z.number().positive().max(10),
    genplanNorth: z.number().min(0).lt(360),
  }),
  titleField: 'project',
  listFields: ['genplanScale', 'genplanNorth'],
  preview: false,
  publishing: false,
  key: { field: 'project', pattern: ID_PATTERN, own: true },
  creatable: false,
  deletable: false,
  words: kindWords(
    {
      kind: 'Генплан: масштаб и север',
      fields: {
        project: 'Проект',
        genplanScale: 'Масштаб генплана, метров в пикселе',
        genplanNorth: 'Север: градусов по часовой стрелке от «верха» генплана',
      },
    },
    {
      kind: 'Master plan: scale and north',
      fields: {
        project: 'Project',
        genplanScale: 'Master plan scale, metres per pixel',
        genplanNorth: 'North: degrees clockwise from the plan’s “up”',
      },
    },
  ),
});
