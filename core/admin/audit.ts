import type { AdminMessages } from '../i18n/catalogs/admin/ru.ts';
import { CONTENT_KINDS, CONTENT_ENTITY_PREFIX, contentEntity, type ContentEntity, type ContentKindName } from './kinds.ts';

/**
 * The kinds of entity the audit trail records (ADR 025, 026): leads, staff accounts, reservations (issue #39), files
 * uploaded into the media store (`media`, its path as the id; issue #42), and each kind of content the
 * editing engine changes (`content_news`…). `recordAudit` takes no other, so the audit page's filter, which lists
 * these, lists every kind written and nothing that is not.
 */
export const AUDIT_ENTITY_KINDS = ['lead', 'staff_user', 'reservation', 'media', ...CONTENT_KINDS.map(contentEntity)] as const satisfies readonly string[];
export type AuditEntityKind = 'lead' | 'staff_user' | 'reservation' | 'media' | ContentEntity;

/**
 * Each recorded kind with its words in the member's language, in `AUDIT_ENTITY_KINDS`' order: a lead and a member
 * from the back office's catalog, a kind of content by the name its section has.
 */
export function auditEntityOptions(
  words: AdminMessages['audit']['entities'],
  contentKinds: Record<ContentKindName, string>,
): { value: AuditEntityKind; label: string }[] {
  return AUDIT_ENTITY_KINDS.map((value) => ({
    value,
    label:
      value === 'lead' || value === 'staff_user' || value === 'reservation' || value === 'media'
        ? words[value]
        : contentKinds[value.slice(CONTENT_ENTITY_PREFIX.length) as ContentKindName],
  }));
}
