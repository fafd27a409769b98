import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back office's staff (ADR 025). The first five tables are better-auth's models (user, session, account,
 * verification, twoFactor), named and typed as its drizzle adapter reads them: the TypeScript keys are its field
 * names, the columns snake_case. Passwords are argon2id hashes in `staff_accounts.password`; sessions are rows here
 * (the cookie carries a signed random token); TOTP secrets are stored encrypted with ADMIN_SECRET.
 */
export const staffUsers = pgTable('staff_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** `admin` | `editor` | `sales` (core/admin/roles.ts). */
  role: text('role', { enum: ['admin', 'editor', 'sales'] }).notNull(),
  /** A disabled member cannot sign in; their sessions were deleted when it was set. */
  disabled: boolean('disabled').notNull().default(false),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_accounts_user_idx').on(t.userId)],
);

export const staffVerifications = pgTable('staff_verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffTwoFactors = pgTable(
  'staff_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('staff_two_factors_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins, counted in the database so the throttle holds across instances (ADR 038): by step (`password`,
 * or `code`: the TOTP step), by account (for a password the e-mail as typed, lower-cased; for a code the member's id)
 * and by client (a keyed hash of the address's network, never the address). A successful sign-in clears its own
 * client's rows for that account only; an unlock clears the account's (and is remembered, `staffSignInUnlocks`); old rows are deleted as new ones are written.
 */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    step: text('step', { enum: ['password', 'code'] })
      .notNull()
      .default('password'),
    account: text('account').notNull(),
    clientKey: text('client_key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_sign_in_failures_account_idx').on(t.account, t.at),
    index('staff_sign_in_failures_client_idx').on(t.clientKey, t.at),
    index('staff_sign_in_failures_pair_idx').on(t.step, t.account, t.clientKey, t.at),
  ],
);

/**
 * An administrator's last unlock of an account (ADR 038), for each client that had failed on it: the step and account
 * as the failures name them (a password: the e-mail, lower-cased; a code: the member's id), the client's keyed hash.
 * That client's failures from before it no longer count towards its client-wide allowance when that account is
 * judged; for every other account they still do.
 */
export const staffSignInUnlocks = pgTable(
  'staff_sign_in_unlocks',
  {
    step: text('step', { enum: ['password', 'code'] }).notNull(),
    account: text('account').notNull(),
    clientKey: text('client_key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.step, t.account, t.clientKey] })],
);

/**
 * TOTP codes that signed in (ADR 038): a keyed digest of the member and the code, kept until the code can no longer
 * be valid, so a code seen over a shoulder or in a proxy's log cannot sign in a second time. The primary key makes
 * the claim atomic: of two requests with one code, one wins.
 */
export const staffUsedCodes = pgTable(
  'staff_used_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    digest: text('digest').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.digest] })],
);

/**
 * The audit trail (ADR 025): who did what to which entity, when, with the entity's state before and after a
 * change, and every view of personal data (a lead opened, searched by name/phone/e-mail, exported). Written by
 * `recordAudit(tx, …)` in the transaction of the change itself, so a change is never without its entry. Rows are
 * never updated or deleted by the application. `staff_email` is kept as it was, so the trail outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: text('staff_id'),
    staffEmail: text('staff_email'),
    action: text('action').notNull(),
    entityKind: text('entity_kind').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** What else says what happened: a search's filters, how many rows an export held… */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityKind, t.entityId, t.at),
    index('audit_log_staff_idx')
      .on(t.staffId, t.at)
      .where(sql`${t.staffId} is not null`),
  ],
);
