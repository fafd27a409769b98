import { z } from 'zod';
import { safeText } from './text.ts';

/** Content in three languages; text refuses NUL and half emoji like every other schema's (text.ts). */
export const localizedSchema = z.object({ ru: safeText(), en: safeText(), zh: safeText() });
export type Localized = z.infer<typeof localizedSchema>;

export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('h2'), text: safeText() }),
  z.object({ type: z.literal('p'), text: safeText() }),
  z.object({ type: z.literal('ul'), items: z.array(safeText()) }),
  z.object({ type: z.literal('button'), text: safeText(), href: safeText(), external: z.boolean().optional() }),
]);
export type Block = z.infer<typeof blockSchema>;
export const localizedBlocksSchema = z.object({ ru: z.array(blockSchema), en: z.array(blockSchema), zh: z.array(blockSchema) });
export type LocalizedBlocks = z.infer<typeof localizedBlocksSchema>;

export { pick } from '#core/i18n/pick.ts';
