import { z } from 'zod';
import { OutlineError, parsePath } from '#core/insolation/geometry.ts';
import { idNumber } from '#core/schemas/id.ts';
import { safeText } from '#core/schemas/text.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/** Whether an outline is SVG path data the sun's computation reads, with an area: a ring of three points or more. */
export function readableOutline(d: string): boolean {
  try {
    return parsePath(d).some((ring) => ring.length >= 3);
  } catch (error) {
    if (error instanceof OutlineError) return false;
    throw error;
  }
}

/**
 * A building outside the project that shades it (`insolation_neighbours`, issue #41): its footprint in the project's
 * genplan pixels, as the buildings' outlines are drawn (it may reach beyond the picture), and its height. A save
 * recomputes the project's sun.
 */
export const neighbours = defineKind({
  name: 'neighbours',
  schema: z.object({
    projectId: idNumber().meta({ widget: 'reference', source: 'projects' }),
    name: safeText().trim().min(1).max(200),
    outline: safeText().trim().min(1).max(20_000).refine(readableOutline, 'errors.outline'),
    // Metres, the table's bounds (migration 0033): the tallest buildings in Europe are under 500 m.
    height: z.number().positive().max(600),
    position: z.number().int().min(0).max(10_000),
  }),
  titleField: 'name',
  listFields: ['projectId', 'height'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Соседние здания (тень)',
      fields: {
        projectId: 'Проект',
        name: 'Название',
        outline: 'Контур: SVG-путь в пикселях генплана проекта',
        height: 'Высота, м',
      },
      errors: { outline: 'Контур не читается: нужен SVG-путь (M, L, H, V, C, A, Z…) хотя бы из трёх точек.' },
    },
    {
      kind: 'Neighbouring buildings (shade)',
      fields: {
        projectId: 'Project',
        name: 'Name',
        outline: 'Outline: SVG path in the project’s master plan pixels',
        height: 'Height, m',
      },
      errors: { outline: 'The outline cannot be read: SVG path data (M, L, H, V, C, A, Z…) of three points or more is needed.' },
    },
  ),
});
