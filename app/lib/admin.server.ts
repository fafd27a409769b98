import { data, type RouterContextProvider } from 'react-router';
import { adminLocaleFromCookie, mayEnter, type AdminArea, type AdminLocale, type Staff } from '#core/admin/roles.ts';
import type { AdminMessages } from '#core/i18n/catalogs/admin/ru.ts';
import { appContext } from './context.server.ts';

/** The back office's messages in the member's language (only the back office's pages load them). */
export async function adminMessages(locale: AdminLocale): Promise<AdminMessages> {
  return locale === 'en' ? (await import('#core/i18n/catalogs/admin/en.ts')).default : (await import('#core/i18n/catalogs/admin/ru.ts')).default;
}

export function adminLocale(request: Request): AdminLocale {
  return adminLocaleFromCookie(request.headers.get('cookie'));
}

/** Staff read once per request, however many loaders of the page ask. */
const resolved = new WeakMap<Request, Promise<Staff | null>>();

/** The signed-in member of this request, or null. */
export function staffOf(context: Readonly<RouterContextProvider>, request: Request): Promise<Staff | null> {
  let staff = resolved.get(request);
  if (!staff) {
    staff = context.get(appContext).staff.fromHeaders(request.headers);
    resolved.set(request, staff);
  }
  return staff;
}

/**
 * Every back-office page loader starts here (ADR 025): the signed-in member whose role opens `area` (`'any'`: any
 * member). A visitor gets the site's plain 404 — the back office does not reveal itself — and a member without the
 * role a 403.
 */
export async function requireStaffPage(context: Readonly<RouterContextProvider>, request: Request, area: AdminArea | 'any'): Promise<Staff> {
  const staff = await staffOf(context, request);
  if (!staff) throw data(null, { status: 404 });
  if (area !== 'any' && !mayEnter(staff.role, area)) throw data({ forbidden: true }, { status: 403 });
  return staff;
}
