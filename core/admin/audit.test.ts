import { describe, expect, it } from 'vitest';
import ru from '../i18n/catalogs/admin/ru.ts';
import en from '../i18n/catalogs/admin/en.ts';
import { AUDIT_ENTITY_KINDS, auditEntityOptions } from './audit.ts';
import { CONTENT_KINDS, contentEntity } from './kinds.ts';
import { ADMIN_CONTENT_MESSAGES } from './messages.ts';

describe('the audit filter’s entity kinds', () => {
  it('are the kinds written: leads, staff accounts, reservations, uploaded files and each kind of content, and none else', () => {
    expect([...AUDIT_ENTITY_KINDS].sort()).toEqual(['lead', 'staff_user', 'reservation', 'media', ...CONTENT_KINDS.map(contentEntity)].sort());
    expect(new Set(AUDIT_ENTITY_KINDS).size).toBe(AUDIT_ENTITY_KINDS.length);
  });

  it.each([
    ['ru', ru],
    ['en', en],
  ] as const)('each has its words in %s, not its id, and no two the same', (locale, words) => {
    const options = auditEntityOptions(words.audit.entities, ADMIN_CONTENT_MESSAGES[locale].kinds);
    expect(options.map((o) => o.value)).toEqual([...AUDIT_ENTITY_KINDS]);
    for (const { value, label } of options) {
      expect(label, value).toMatch(/\S/);
      expect(label, value).not.toBe(value);
    }
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
  });
});
