import { data, redirect, type RouterContextProvider } from 'react-router';
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
 * Where a page of the back office may send a member after signing in: a path of the back office itself (never another
 * site, nor the sign-in page again), else the overview.
 */
export function afterSignIn(next: string | null): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || next.startsWith('/admin/login') || /[\\\s]/.test(next)) return '/admin';
  return next;
}

/**
 * Every back-office page loader starts here (ADR 025): the signed-in member whose role opens `area` (`'any'`: any
 * member). A visitor is sent to the sign-in page, which brings them back here once signed in (issue #42); a member
 * without the role gets a 403. The back office's API still answers a visitor 404 (it does not describe itself).
 */
export async function requireStaffPage(context: Readonly<RouterContextProvider>, request: Request, area: AdminArea | 'any'): Promise<Staff> {
  const staff = await staffOf(context, request);
  if (!staff) {
    const { pathname, search } = new URL(request.url);
    const next = afterSignIn(pathname + search);
    throw redirect(next === '/admin' ? '/admin/login' : `/admin/login?next=${encodeURIComponent(next)}`);
  }
  if (area !== 'any' && !mayEnter(staff.role, area)) throw data({ forbidden: true }, { status: 403 });
  return staff;
}
