import { jsonb } from 'drizzle-orm/pg-core';
import type { Localized } from '#core/schemas/localized.ts';

/** A text held in all three languages, `{ru, en, zh}`. */
export const localized = (name: string) => jsonb(name).$type<Localized>();
