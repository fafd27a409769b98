import { z } from 'zod';
import { envMeta, secret } from '../../lib/env.ts';

/** The demo's key of the back office's session cookies (ADR 025): fine on a developer's machine, refused by a production server beyond loopback. */
export const DEMO_ADMIN_SECRET = 'severnaya-liniya-admin-demo-secret-key';

/** The back office at /admin (ADR 025): staff sign-in, sessions in the database, lockout (auth.ts, server/app.ts). */
export const staffConfigSchema = z
  .object({
    ADMIN_SECRET: secret(32)
      .default(DEMO_ADMIN_SECRET)
      .meta(envMeta({ defaultText: 'the demo key', production: 'required: the demo default is refused', secret: true }))
      .describe("Key that signs the staff session cookies and encrypts TOTP secrets (better-auth's secret), 32 characters or more."),
    ADMIN_SESSION_TTL_S: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(8 * 3_600)
      .describe('How long a staff session lasts from its sign-in (seconds); it is not extended by use.'),
    ADMIN_LOCKOUT_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000)
      .default(5)
      .describe('Failed sign-ins of one account within ADMIN_LOCKOUT_S that lock it for ADMIN_LOCKOUT_S.'),
    ADMIN_LOCKOUT_IP_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(20)
      .describe('Failed sign-ins from one client address within ADMIN_LOCKOUT_S that lock it for ADMIN_LOCKOUT_S.'),
    ADMIN_LOCKOUT_S: z.coerce.number().int().min(1).max(86_400).default(900).describe('The lockout window and its length (seconds).'),
  })
  .meta({ title: 'Back office' })
  .describe('Staff sign-in at /admin, sessions in the database, lockout (server/modules/staff/, ADR 025). First account: npm run admin:create.');

/** What `npm run admin:create` (scripts/admin-create.ts) reads besides the server's variables. */
export const staffCommandConfigSchema = z
  .object({
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .meta(envMeta({ defaultText: 'asked on the terminal' }))
      .describe("The new account's password; without it the command reads it from standard input (--password-stdin) or asks on the terminal."),
  })
  .meta({ title: 'npm run admin:create' })
  .describe('The command that creates a back-office account (scripts/admin-create.ts); the server never reads it.');
