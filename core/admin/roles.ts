import { z } from 'zod';
import { COOKIES, readCookie } from '../http/cookies.ts';

/**
 * The back office's roles (ADR 025). `admin` may do everything (staff, settings, the audit trail and every other
 * part); `editor` the content, offers, flags and auctions; `sales` the leads (read, redeliver, export) and the deals
 * (issue #39: the buyer's contact, extend, cancel, refund, stage, documents, the buyer's link: the `leads` area).
 */
export const STAFF_ROLES = ['admin', 'editor', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** The parts of the back office, each open to the roles named (admin to all of them). */
export const ADMIN_AREAS = {
  users: ['admin'],
  audit: ['admin'],
  content: ['admin', 'editor'],
  leads: ['admin', 'sales'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

/** Whether a member with `role` may enter `area`. */
export function mayEnter(role: StaffRole, area: AdminArea): boolean {
  return (ADMIN_AREAS[area] as readonly StaffRole[]).includes(role);
}

/** The staff member a request is made by, as the server hands it to routes and page loaders. */
export type Staff = { id: string; email: string; name: string; role: StaffRole; twoFactorEnabled: boolean; sessionId: string };

/** Pages of the back office: `/admin`, never prefixed by a site language (its language is the member's choice). */
export const ADMIN_PATH = '/admin';
export function isAdminPath(pathname: string): boolean {
  // `/admin.data`: the router's data request for `/admin` itself.
  return pathname === ADMIN_PATH || pathname === `${ADMIN_PATH}.data` || pathname.startsWith(`${ADMIN_PATH}/`);
}

/** The back office speaks Russian and English; the choice is a cookie of its own (the site's language cookie is the visitor's). */
export const ADMIN_LOCALES = ['ru', 'en'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];
export function adminLocaleFromCookie(cookieHeader: string | null | undefined): AdminLocale {
  const value = readCookie(cookieHeader, COOKIES.adminLocale);
  return (ADMIN_LOCALES as readonly (string | null)[]).includes(value) ? (value as AdminLocale) : 'ru';
}
