import { z } from 'zod';
import { FEATURE_KEY, featureDefinitionSchema, featureKeySchema } from '#core/flags/features.ts';
import { longText } from '../fields.ts';
import { defineKind, kindWords } from '../kind.ts';

/** A feature as the GrowthBook SDK reads it (ADR 015): the whole definition is checked with the flags' own schema. */
export const flags = defineKind({
  name: 'flags',
  schema: z
    .object({
      key: featureKeySchema,
      description: longText(1000),
      defaultValue: featureDefinitionSchema.shape.defaultValue.meta({ widget: 'json' }),
      rules: featureDefinitionSchema.shape.rules.meta({ widget: 'json' }),
    })
    .check((payload) => {
      const definition = featureDefinitionSchema.safeParse({ defaultValue: payload.value.defaultValue, rules: payload.value.rules });
      if (!definition.success) for (const issue of definition.error.issues) payload.issues.push({ ...issue, input: payload.value } as never);
    }),
  titleField: 'key',
  listFields: ['description'],
  preview: false,
  publishing: false,
  key: { field: 'key', pattern: FEATURE_KEY, own: true },
  creatable: true,
  words: kindWords(
    { kind: 'Флаги и эксперименты', fields: { key: 'Ключ', defaultValue: 'Значение по умолчанию (JSON)', rules: 'Правила и эксперименты (JSON)' } },
    { kind: 'Flags and experiments', fields: { key: 'Key', defaultValue: 'Default value (JSON)', rules: 'Rules and experiments (JSON)' } },
  ),
});
