import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import type { Db } from '../../db/client.ts';
import { staffAccounts, staffSessions, staffTwoFactors, staffUsers, staffVerifications } from '../../db/schema/index.ts';

export type StaffAuthOptions = {
  /** ADMIN_SECRET: signs the session cookies, encrypts the TOTP secrets and backup codes. */
  secret: string;
  siteOrigin: string;
  sessionTtlS: number;
  log: { warn: (obj: object, msg: string) => void };
};

/** The path better-auth believes it lives at; its own HTTP handler is not mounted (our routes call `auth.api`). */
export const STAFF_AUTH_BASE_PATH = '/api/admin/auth';

/** A TOTP code's period (seconds) and how many periods either side better-auth accepts (its default, 1). */
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes, 1 lane). */
export const hashPassword = (password: string) => hash(password);

/**
 * better-auth (ADR 025) on our Drizzle database (PGlite or PostgreSQL alike): e-mail and password with argon2id, TOTP
 * as the second factor, sessions as rows. Its endpoints are called in-process by the `/api/admin/…` routes, which
 * declare their own zod schemas and pass the site's CSRF and rate-limit guards; its HTTP handler, sign-up and rate
 * limiter are not used, nor its two-factor lock of an account (the throttle is ours, counted in the database and never
 * a lock: throttle.ts, ADR 038).
 */
export function createStaffAuth(db: Db, opts: StaffAuthOptions) {
  return betterAuth({
    appName: 'Северная линия',
    baseURL: opts.siteOrigin,
    basePath: STAFF_AUTH_BASE_PATH,
    secret: opts.secret,
    trustedOrigins: [opts.siteOrigin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: staffUsers, session: staffSessions, account: staffAccounts, verification: staffVerifications, twoFactor: staffTwoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an administrator (or `npm run admin:create`), never by signing up.
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      password: { hash: hashPassword, verify: ({ hash: digest, password }) => verify(digest, password) },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: true, input: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      // A fixed lifetime from sign-in: a stolen cookie is worth at most this long, whatever its use.
      expiresIn: opts.sessionTtlS,
      disableSessionRefresh: true,
      // Every request reads the session row: a disabled member or a signed-out session ends at once.
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'staff',
      useSecureCookies: opts.siteOrigin.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'strict', httpOnly: true, path: '/' },
    },
    // Its messages name no personal data we pass through: only the message is logged, never its arguments.
    logger: { level: 'warn', log: (_level, message) => opts.log.warn({ source: 'better-auth' }, message) },
    plugins: [
      twoFactor({
        issuer: 'Северная линия',
        totpOptions: { digits: 6, period: TOTP_PERIOD_S },
        // Its lock would let anyone with the password keep the owner out; our throttle makes the code step wait instead.
        accountLockout: { enabled: false },
      }),
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
