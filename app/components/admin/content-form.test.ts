import { describe, expect, it } from 'vitest';
import { CONTENT_KINDS, contentKind } from '#core/admin/kinds.ts';
import { formFields, type FieldSpec } from '#core/admin/form.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { fieldLabel } from './content-form.tsx';

/** Every field's path as the form names it (`hero.kicker`, `steps.items.question`), nested groups and lists included. */
function paths(fields: FieldSpec[], prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    if (field.type === 'group' || field.type === 'items') return [path, ...paths(field.fields, path)];
    return [path];
  });
}

describe('the content form’s words', () => {
  it('labels every field of every kind, nested ones too, in both languages of the back office (never its bare name)', () => {
    const unlabelled: string[] = [];
    for (const name of CONTENT_KINDS) {
      for (const path of paths(formFields(contentKind(name)!.schema))) {
        for (const [locale, messages] of Object.entries(ADMIN_CONTENT_MESSAGES)) {
          if (fieldLabel(messages, path) === path) unlabelled.push(`${locale} ${name}: ${path}`);
        }
      }
    }
    expect(unlabelled).toEqual([]);
  });
});
