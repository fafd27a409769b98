import { z } from 'zod';
import { sitePath } from '../common-fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/** An old address of the site sent on to its new one. */
export const redirects = defineKind({
  name: 'redirects',
  schema: z.object({ oldPath: sitePath, newPath: sitePath }),
  titleField: 'oldPath',
  listFields: ['newPath'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    { kind: 'Переадресации', fields: { oldPath: 'Старый адрес', newPath: 'Новый адрес' } },
    { kind: 'Redirects', fields: { oldPath: 'Old address', newPath: 'New address' } },
  ),
});
