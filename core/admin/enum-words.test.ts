import { describe, expect, it } from 'vitest';
import type { FieldSpec } from './form.ts';
import { formFields } from './form.ts';
import { CONTENT_KINDS, contentKind } from './kinds.ts';
import { ADMIN_CONTENT_MESSAGES, optionWord } from './messages.ts';
import { ADMIN_LOCALES } from './roles.ts';

/**
 * Every choice of every kind's form (an enum's value: a select, checkboxes) has its words in each language of the back
 * office (issue #42): no form, list or history shows a raw code such as `request` or `mortgage`.
 */
function choices(fields: FieldSpec[], out: { field: string; value: string }[] = []) {
  for (const f of fields) {
    if (f.type === 'select' || f.type === 'multiselect') for (const value of f.options) out.push({ field: f.name, value });
    if (f.type === 'group' || f.type === 'items') choices(f.fields, out);
  }
  return out;
}
const leaf = (name: string) => name.split('.').pop()!;

describe('the content forms’ choices', () => {
  it.each(ADMIN_LOCALES)('are all worded in %s', (locale) => {
    const messages = ADMIN_CONTENT_MESSAGES[locale];
    const raw = CONTENT_KINDS.flatMap((name) =>
      choices(formFields(contentKind(name)!.schema))
        .filter(({ field, value }) => messages.options[`${leaf(field)}.${value}`] === undefined && messages.options[value] === undefined)
        .map(({ field, value }) => `${name}.${field}: ${value} → ${optionWord(messages, leaf(field), value)}`),
    );
    expect(raw).toEqual([]);
  });
});
