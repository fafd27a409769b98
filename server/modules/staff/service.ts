import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Staff, StaffRole } from '#core/admin/roles.ts';
import { FOREIGN_COOKIES, readCookie } from '#core/http/cookies.ts';
import type { Db } from '../../db/client.ts';
import { staffAccounts, staffSessions, staffTwoFactors, staffUsedCodes, staffUsers, staffVerifications } from '../../db/schema/index.ts';
import { listAudit, recordAudit, type AuditFilter } from './audit.ts';
import { createStaffAuth, hashPassword, TOTP_PERIOD_S, TOTP_WINDOW, type StaffAuthOptions } from './auth.ts';
import { createThrottle, type ThrottleOptions, type ThrottleReason } from './throttle.ts';

export { recordAudit, listAudit, type AuditEntry, type AuditWriter } from './audit.ts';

export type StaffServiceOptions = StaffAuthOptions & { throttle: Omit<ThrottleOptions, 'keySecret'> };

type AnyHeaders = Headers | IncomingHttpHeaders;
const webHeaders = (headers: AnyHeaders): Headers => (headers instanceof Headers ? headers : fromNodeHeaders(headers));

/**
 * A sign-in's outcome; `cookies` are the `Set-Cookie` values to answer with. `invalid` carries the wait its failure
 * started, if it started one; `throttled` is an attempt refused untried because this client (or, at the code step,
 * this account) must wait until `until` (ADR 038).
 */
export type SignInResult =
  | { kind: 'signed-in'; staff: Staff; cookies: string[] }
  | { kind: 'second-factor'; cookies: string[] }
  | { kind: 'invalid'; wait: { until: Date; reason: ThrottleReason } | null }
  | { kind: 'throttled'; until: Date; reason: ThrottleReason };

/** How long a code that signed in is refused: as long as it can be valid (its step and `TOTP_WINDOW` either side), and one period more. */
const USED_CODE_TTL_MS = (2 * TOTP_WINDOW + 2) * TOTP_PERIOD_S * 1000;

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
 * sign-in throttle (ADR 038), and the accounts an administrator manages (each change with its audit entry, in one
 * transaction).
 */
export function createStaffService(db: Db, opts: StaffServiceOptions) {
  const auth = createStaffAuth(db, opts);
  const throttle = createThrottle(db, { ...opts.throttle, keySecret: opts.secret });
  const keyed = (text: string) => createHmac('sha256', opts.secret).update(text).digest('base64url');

  /**
   * A failed step in the audit trail, never with the password or the code (ADR 038): the member when the account
   * exists (an unknown e-mail is not written: it may be a password typed in the wrong field), the step, why, and the
   * client as the throttle keys it (a keyed hash, not the address). When the failure starts a wait, a
   * `sign_in_throttled` entry follows with its end.
   */
  async function auditFailure(
    userId: string | null,
    ip: string,
    detail: { step: 'password' | 'code'; reason: string },
    wait: { until: Date; reason: ThrottleReason } | null,
  ) {
    const client = throttle.clientKey(ip);
    await recordAudit(db, null, { action: 'sign_in_failed', entityKind: 'staff_user', entityId: userId, detail: { ...detail, client } });
    if (wait)
      await recordAudit(db, null, {
        action: 'sign_in_throttled',
        entityKind: 'staff_user',
        entityId: userId,
        detail: { step: detail.step, client, until: wait.until.toISOString(), reason: wait.reason },
      });
  }

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
    const email = input.email.trim().toLowerCase();
    const waiting = await throttle.passwordWait(email, input.ip);
    if (waiting) return { kind: 'throttled', ...waiting };
    const [account] = await db.select({ id: staffUsers.id, disabled: staffUsers.disabled }).from(staffUsers).where(eq(staffUsers.email, email));
    const failed = async (reason: string): Promise<SignInResult> => {
      await throttle.failPassword(email, input.ip);
      const wait = await throttle.passwordWait(email, input.ip);
      await auditFailure(account?.id ?? null, input.ip, { step: 'password', reason }, wait);
      return { kind: 'invalid', wait };
    };
    if (!account || account.disabled) {
      // The same answer, and the same work (a hash), as a wrong password: an address is not revealed by timing.
      await hashPassword(input.password);
      return failed(account ? 'disabled' : 'unknown_account');
    }
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: false },
        headers: webHeaders(input.headers),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      await throttle.succeedPassword(email, input.ip);
      if ('twoFactorRedirect' in response && response.twoFactorRedirect) return { kind: 'second-factor', cookies };
      const signed = response as { user: { id: string; email: string; name: string; role?: unknown; twoFactorEnabled?: boolean | null }; token: string };
      const staff = toStaff(signed.user, '');
      await recordAudit(db, staff, { action: 'sign_in', entityKind: 'staff_user', entityId: staff.id });
      return { kind: 'signed-in', staff, cookies };
    } catch (error) {
      if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) return failed('wrong_password');
      throw error;
    }
  }

  /**
   * Whose second step these headers carry: the member of the `staff.two_factor` cookie the first step set (signed
   * with ADMIN_SECRET as better-auth signs it; its value names a verification row holding the member's id), or null.
   */
  async function pendingMember(headers: AnyHeaders): Promise<string | null> {
    const cookie = headers instanceof Headers ? headers.get('cookie') : headers.cookie;
    const raw = readCookie(cookie, FOREIGN_COOKIES.staffSecondFactor);
    if (!raw) return null;
    const dot = raw.lastIndexOf('.');
    if (dot < 1) return null;
    const value = raw.slice(0, dot);
    const given = Buffer.from(raw.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', opts.secret).update(value).digest('base64'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [row] = await db
      .select({ userId: staffVerifications.value })
      .from(staffVerifications)
      .where(and(eq(staffVerifications.identifier, value), gt(staffVerifications.expiresAt, new Date())));
    return row?.userId ?? null;
  }

  /** Claims a code for its member: true the first time, false while it is still kept (a replay). */
  async function claimCode(userId: string, code: string): Promise<{ claimed: boolean; release: () => Promise<void> }> {
    const digest = keyed(`staff-code:${userId}:${code}`);
    const now = new Date();
    await db.delete(staffUsedCodes).where(and(eq(staffUsedCodes.userId, userId), lte(staffUsedCodes.expiresAt, now)));
    const won = await db
      .insert(staffUsedCodes)
      .values({ userId, digest, expiresAt: new Date(now.getTime() + USED_CODE_TTL_MS) })
      .onConflictDoNothing()
      .returning({ digest: staffUsedCodes.digest });
    return {
      claimed: won.length === 1,
      release: async () => {
        await db.delete(staffUsedCodes).where(and(eq(staffUsedCodes.userId, userId), eq(staffUsedCodes.digest, digest)));
      },
    };
  }

  /**
   * The second step of a sign-in: the TOTP code, with the `staff.two_factor` cookie the first step set. The member's
   * code step has one budget whatever the address (ADR 038), and a code that signed in once is refused until it expires.
   */
  async function verifySignInCode(input: { code: string; ip: string; headers: AnyHeaders }): Promise<SignInResult> {
    const userId = await pendingMember(input.headers);
    // Without a first step no code can be right; such tries count against the client only.
    const account = userId ?? '(no first step)';
    // Counted before it is checked, so attempts sent together cannot all read the budget before any is recorded.
    const attempt = await throttle.reserveCode(account, input.ip);
    if (attempt.wait) return { kind: 'throttled', ...attempt.wait };
    const failed = async (reason: string): Promise<SignInResult> => {
      // The attempt's row is its failure.
      const wait = await throttle.codeWait(account, input.ip);
      await auditFailure(userId, input.ip, { step: 'code', reason }, wait);
      return { kind: 'invalid', wait };
    };
    if (!userId) return failed('no_first_step');
    const claim = await claimCode(userId, input.code);
    if (!claim.claimed) return failed('code_reused');
    try {
      const { headers, response } = await auth.api.verifyTOTP({ body: { code: input.code }, headers: webHeaders(input.headers), returnHeaders: true });
      const user = response.user as { id: string; email: string; name: string; role?: unknown; twoFactorEnabled?: boolean | null };
      const staff = toStaff(user, '');
      await throttle.succeedCode(userId);
      await recordAudit(db, staff, { action: 'sign_in', entityKind: 'staff_user', entityId: staff.id, detail: { second_factor: 'totp' } });
      return { kind: 'signed-in', staff, cookies: headers.getSetCookie() };
    } catch (error) {
      await claim.release();
      if (isAPIError(error) && error.statusCode >= 400 && error.statusCode < 500) return failed('wrong_code');
      await attempt.release();
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
    // The code that confirms enrolment is spent too: it cannot then finish a sign-in.
    const claim = await claimCode(staff.id, code);
    if (!claim.claimed) return { ok: false, cookies: [] };
    try {
      const { headers: out } = await auth.api.verifyTOTP({ body: { code }, headers: webHeaders(headers), returnHeaders: true });
      await recordAudit(db, staff, { action: 'enable_totp', entityKind: 'staff_user', entityId: staff.id });
      return { ok: true, cookies: out.getSetCookie() };
    } catch (error) {
      await claim.release();
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

  /**
   * Lifts every wait on a member's sign-in (ADR 038): their failures from every client, at both steps, are
   * forgotten. By an administrator (`by`) or the shell (`npm run admin:unlock`: null); in the audit trail with how
   * many failures it cleared. Null when there is no such member.
   */
  async function unlock(by: Staff | null, id: string): Promise<{ user: StaffUserRow; cleared: number } | null> {
    const [user] = await db.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id));
    if (!user) return null;
    const cleared = await throttle.unlock(user.email, user.id);
    await recordAudit(db, by, { action: 'unlock', entityKind: 'staff_user', entityId: id, detail: { cleared_failures: cleared } });
    return { user, cleared };
  }

  /**
   * Ends every session of a member at once (a lost laptop, a stolen cookie): the next request of each is signed out.
   * By an administrator or the shell (`npm run admin:revoke`); in the audit trail with how many sessions ended.
   */
  async function revokeSessions(by: Staff | null, id: string): Promise<{ user: StaffUserRow; revoked: number } | null> {
    return db.transaction(async (tx) => {
      const [user] = await tx.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id));
      if (!user) return null;
      const gone = await tx.delete(staffSessions).where(eq(staffSessions.userId, id)).returning({ id: staffSessions.id });
      await recordAudit(tx, by, { action: 'revoke_sessions', entityKind: 'staff_user', entityId: id, detail: { sessions: gone.length } });
      return { user, revoked: gone.length };
    });
  }

  /** The member with this e-mail (for the shell's commands), or null. */
  async function byEmail(email: string): Promise<StaffUserRow | null> {
    const [row] = await db.select(USER_COLUMNS).from(staffUsers).where(eq(staffUsers.email, email.trim().toLowerCase()));
    return row ?? null;
  }

  /** The audit trail, newest first (audit.ts). */
  const audit = (filter: AuditFilter) => listAudit(db, filter);

  return {
    auth,
    throttle,
    audit,
    fromHeaders,
    signIn,
    verifySignInCode,
    signOut,
    startTotp,
    confirmTotp,
    list,
    get,
    byEmail,
    create,
    update,
    resetTotp,
    unlock,
    revokeSessions,
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
