import type { AdminArea } from '#core/admin/roles.ts';
import type { AdminMessageKey } from '#app/lib/admin-i18n.tsx';

/**
 * The back office's navigation (ADR 025): one line per section, shown to the roles its area opens (the server
 * checks the role again on every page and call). A new section adds its line here and its route in app/routes.ts.
 * The member's own page (`/admin/account`) is their name in the header, as on most sites, not a section.
 */
export const ADMIN_NAV: { to: string; label: AdminMessageKey; area: AdminArea | 'any' }[] = [
  { to: '/admin', label: 'nav.home', area: 'any' },
  { to: '/admin/content', label: 'nav.content', area: 'content' },
  { to: '/admin/media', label: 'nav.media', area: 'content' },
  { to: '/admin/leads', label: 'nav.leads', area: 'leads' },
  { to: '/admin/reservations', label: 'nav.reservations', area: 'any' },
  { to: '/admin/crm', label: 'nav.crm', area: 'leads' },
  { to: '/admin/users', label: 'nav.users', area: 'users' },
  { to: '/admin/audit', label: 'nav.audit', area: 'audit' },
];
