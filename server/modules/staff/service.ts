import type { IncomingHttpHeaders } from 'node:http';
import { isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Staff, StaffRole } from '#core/admin/roles.ts';
import { FOREIGN_COOKIES, readCookie } from '#core/http/cookies.ts';
import type { Db } from '../../db/client.ts';
import { staffAccounts, staffSessions, staffTwoFactors, staffUsers } from '../../db/schema/index.ts';
import { listAudit, recordAudit, type AuditFilter } from './audit.ts';
import { createStaffAuth, hashPassword, type StaffAuthOptions } from './auth.ts';
import { createLockout, type LockoutOptions } from './lockout.ts';

export { recordAudit, listAudit, type AuditEntry, type AuditWriter } from './audit.ts';

export type StaffServiceOptions = StaffAuthOptions & { lockout: Omit<LockoutOptions, 'keySecret'> };

type AnyHeaders = Headers | IncomingHttpHeaders;
const webHeaders = (headers: AnyHeaders): Headers => (headers instanceof Headers ? headers : fromNodeHeaders(headers));

/** A sign-in's outcome; `cookies` are the `Set-Cookie` values to answer with. */
export type SignInResult =
  { kind: 'signed-in'; staff: Staff; cookies: string[] } | { kind: 'second-factor'; cookies: string[] } | { kind: 'invalid' } | { kind: 'locked'; until: Date };

export type StaffUserRow = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
};

/** A refused account change, naming the field (the API answers it as a 400 naming that field). */
export class StaffInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

const USER_COLUMNS = {
  id: staffUsers.id,
  email: staffUsers.email,
  name: staffUsers.name,
  role: staffUsers.role,
  disabled: staffUsers.disabled,
  twoFactorEnabled: staffUsers.twoFactorEnabled,
  createdAt: staffUsers.createdAt,
};

/**
 * The back office's staff (ADR 025): signing in and out through better-auth, the session a request carries, the
 * lockout, and the accounts an administrator manages (each change with its audit entry, in one transaction).
 */
export function createStaffService(db: Db, opts: StaffServiceOptions) {
  const auth = createStaffAuth(db, opts);
  const lockout = createLockout(db, { ...opts.lockout, keySecret: opts.secret });

  function toStaff(user: { id: string; email: string; name: string; role?: unknown; twoFactorEnabled?: boolean | null }, sessionId: string): Staff {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role as StaffRole,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      sessionId,
    };
  }

  /** The staff member whose valid session cookie these headers carry, or null (none, expired, signed out, disabled). */
  async function fromHeaders(headers: AnyHeaders): Promise<Staff | null> {
    const cookie = headers instanceof Headers ? headers.get('cookie') : headers.cookie;
    if (readCookie(cookie, FOREIGN_COOKIES.staffSession) === null) return null;
    const session = await auth.api.getSession({ headers: webHeaders(headers), query: { disableCookieCache: true, disableRefresh: true } });
    if (!session) return null;
    const user = session.user as typeof session.user & { role?: string; disabled?: boolean };
    if (user.disabled) return null;
    return toStaff(user, session.session.id);
  }

  async function signIn(input: { email: string; password: string; ip: string; headers: AnyHeaders }): Promise<SignInResult> {
    const until = await lockout.lockedUntil(input.email, input.ip);
    if (until) return { kind: 'locked', until };
    const [account] = await db.select({ disabled: staffUsers.disabled }).from(staffUsers).where(eq(staffUsers.email, input.email.trim().toLowerCase()));
    if (!account || account.disabled) {
      // The same answer, and the same work (a hash), as a wrong password: an address is not revealed by timing.
      await hashPassword(input.password);
      await lockout.fail(input.email, input.ip);
      return { kind: 'invalid' };
    }
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email: input.email.trim().toLowerCase(), password: input.password, rememberMe: false },
        headers: webHeaders(input.headers),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      await lockout.succeed(input.email);
      if ('twoFactorRedirect' in response && response.twoFactorRedirect) return { kind: 'second-factor', cookies };
      const signed = response as { user: { id: string; email: string; name: string; role?: unknown; twoFactorEnabled?: boolean | null }; token: string };
      const staff = toStaff(signed.user, '');
      await recordAudit(db, staff, { action: 'sign_in', entityKind: 'staff_user', entityId: staff.id });
      return { kind: 'signed-in', staff, cookies };
    } catch (error) {
      if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
        await lockout.fail(input.email, input.ip);
        return { kind: 'invalid' };
      }
      throw error;
    }
  }

  /** The second step of a sign-in: the TOTP code, with the `staff.two_factor` cookie the first step set. */
  async function verifySignInCode(input: { code: string; ip: string; headers: AnyHeaders }): Promise<SignInResult> {
    try {
      const { headers, response } = await auth.api.verifyTOTP({ body: { code: input.code }, headers: webHeaders(input.headers), returnHeaders: true });
      const user = response.user as { id: string; email: string; name: string; role?: unknown; twoFactorEnabled?: boolean | null };
      const staff = toStaff(user, '');
      await recordAudit(db, staff, { action: 'sign_in', entityKind: 'staff_user', entityId: staff.id, detail: { second_factor: 'totp' } });
      return { kind: 'signed-in', staff, cookies: headers.getSetCookie() };
    } catch (error) {
      if (isAPIError(error) && error.statusCode >= 400 && error.statusCode < 500) return { kind: 'invalid' };
      throw error;
    }
  }

  async function signOut(staff: Staff, headers: AnyHeaders): Promise<string[]> {
    const result = await auth.api.signOut({ headers: webHeaders(headers), returnHeaders: true });
    await recordAudit(db, staff, { action: 'sign_out', entityKind: 'staff_user', entityId: staff.id });
    return result.headers.getSetCookie();
  }

  /** Starts TOTP enrolment: the secret's URI and its QR code (a data: URL); active once a code confirms it. */
  async function startTotp(headers: AnyHeaders, password: string): Promise<{ totpUri: string; secret: string; qr: string } | null> {
    try {
      const result = await auth.api.enableTwoFactor({ body: { password, method: 'totp' }, headers: webHeaders(headers) });
      if (result.method !== 'totp') return null;
      const uri = result.totpURI;
      const secret = new URL(uri).searchParams.get('secret') ?? '';
      return { totpUri: uri, secret, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
    } catch (error) {
      if (isAPIError(error) && error.statusCode === 400) return null;
      throw error;
    }
  }

  /** Confirms enrolment with a code from the app; from then on every sign-in asks for one. */
  async function confirmTotp(staff: Staff, headers: AnyHeaders, code: string): Promise<{ ok: boolean; cookies: string[] }> {
    try {
      const { headers: out } = await auth.api.verifyTOTP({ body: { code }, headers: webHeaders(headers), returnHeaders: true });
      await recordAudit(db, staff, { action: 'enable_totp', entityKind: 'staff_user', entityId: staff.id });
      return { ok: true, cookies: out.getSetCookie() };
    } catch (error) {
      if (isAPIError(error) && error.statusCode >= 400 && error.statusCode < 500) return { ok: false, cookies: [] };
      throw error;
    }
  }

  async function list(): Promise<StaffUserRow[]> {
    return db.select(USER_COLUMNS).from(staffUsers).orderBy(asc(staffUsers.email));
  }

  async function get(id: string): Promise<StaffUserRow | null> {
    const [row] = await db.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id));
    return row ?? null;
  }

  /** A new account with a password (argon2id); by an administrator (`by`), or by the shell (`npm run admin:create`: null). */
  async function create(by: Staff | null, input: { email: string; name: string; role: StaffRole; password: string }): Promise<StaffUserRow> {
    const email = input.email.trim().toLowerCase();
    if (input.password.length < 12) throw new StaffInputError('password', 'The password must be at least 12 characters long.');
    if (input.password.length > 256) throw new StaffInputError('password', 'The password must be at most 256 characters long.');
    const password = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
      if (existing) throw new StaffInputError('email', 'A staff member with this e-mail already exists.');
      const id = crypto.randomUUID();
      const now = new Date();
      await tx
        .insert(staffUsers)
        .values({ id, email, name: input.name.trim() || email, role: input.role, emailVerified: true, createdAt: now, updatedAt: now });
      await tx
        .insert(staffAccounts)
        .values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, password, createdAt: now, updatedAt: now });
      const [row] = await tx.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id));
      await recordAudit(tx, by, { action: 'create', entityKind: 'staff_user', entityId: id, after: row });
      return row!;
    });
  }

  /** Changes a member's role, name or disabled state; disabling ends their sessions. */
  async function update(by: Staff, id: string, change: { role?: StaffRole; disabled?: boolean; name?: string }): Promise<StaffUserRow | null> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id)).for('update');
      if (!before) return null;
      if (id === by.id && (change.disabled === true || (change.role && change.role !== 'admin')))
        throw new StaffInputError(change.disabled ? 'disabled' : 'role', 'You cannot disable yourself or take your own administrator role.');
      const set: Partial<typeof staffUsers.$inferInsert> = { updatedAt: new Date() };
      if (change.role) set.role = change.role;
      if (change.disabled !== undefined) set.disabled = change.disabled;
      if (change.name !== undefined) set.name = change.name.trim() || before.email;
      await tx.update(staffUsers).set(set).where(eq(staffUsers.id, id));
      if (change.disabled || (change.role && change.role !== before.role)) await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
      const [after] = await tx.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id));
      await recordAudit(tx, by, { action: 'update', entityKind: 'staff_user', entityId: id, before, after });
      return after!;
    });
  }

  /** Removes a member's TOTP (a lost phone): they sign in with the password alone until they enrol again. */
  async function resetTotp(by: Staff, id: string): Promise<StaffUserRow | null> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id)).for('update');
      if (!before) return null;
      await tx.delete(staffTwoFactors).where(eq(staffTwoFactors.userId, id));
      await tx.update(staffUsers).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staffUsers.id, id));
      const [after] = await tx.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id));
      await recordAudit(tx, by, { action: 'reset_totp', entityKind: 'staff_user', entityId: id, before, after });
      return after!;
    });
  }

  /** The audit trail, newest first (audit.ts). */
  const audit = (filter: AuditFilter) => listAudit(db, filter);

  return { auth, lockout, audit, fromHeaders, signIn, verifySignInCode, signOut, startTotp, confirmTotp, list, get, create, update, resetTotp };
}

export type StaffService = ReturnType<typeof createStaffService>;
