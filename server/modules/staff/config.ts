import { z } from 'zod';
import { envMeta, secret } from '../../lib/env.ts';

/** The demo's key of the back office's session cookies (ADR 025): fine on a developer's machine, refused by a production server beyond loopback. */
export const DEMO_ADMIN_SECRET = 'severnaya-liniya-admin-demo-secret-key';

/** The back office at /admin (ADR 025): staff sign-in, sessions in the database, the sign-in throttle (ADR 038). */
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
    ADMIN_SIGNIN_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000)
      .default(5)
      .describe(
        'Wrong passwords of one account from one client (its address, an IPv6 /64) within ADMIN_SIGNIN_WINDOW_S before that client waits before trying that account again: ADMIN_SIGNIN_WAIT_S, doubling with each further failure up to ADMIN_SIGNIN_WINDOW_S. Never a lock: the owner elsewhere signs in.',
      ),
    ADMIN_SIGNIN_CLIENT_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(20)
      .describe(
        'Failed sign-ins from one client, whatever the accounts, within ADMIN_SIGNIN_WINDOW_S before that client waits (the same growing delay) for every account.',
      ),
    ADMIN_SIGNIN_CODE_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000)
      .default(5)
      .describe(
        "Wrong TOTP codes of one account, from every address together, within ADMIN_SIGNIN_WINDOW_S before the account's code step waits (the same growing delay).",
      ),
    ADMIN_SIGNIN_WAIT_S: z.coerce
      .number()
      .int()
      .min(1)
      .max(3_600)
      .default(15)
      .describe('The first wait of a client (or of a code step) past its allowance (seconds); each further failure doubles it, up to ADMIN_SIGNIN_WINDOW_S.'),
    ADMIN_SIGNIN_WINDOW_S: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(900)
      .describe('How long a failed sign-in counts (seconds), and the longest wait it can cause.'),
  })
  .meta({ title: 'Back office' })
  .describe(
    'Staff sign-in at /admin, sessions in the database, the sign-in throttle (server/modules/staff/, ADR 025, 038). First account: npm run admin:create; npm run admin:unlock and admin:revoke lift a wait and end sessions.',
  );

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

/** The throttle's settings as the staff service takes them (server/app.ts and the admin:* commands alike). */
export function staffThrottleOptions(config: z.infer<typeof staffConfigSchema>) {
  return {
    accountFailures: config.ADMIN_SIGNIN_FAILURES,
    clientFailures: config.ADMIN_SIGNIN_CLIENT_FAILURES,
    codeFailures: config.ADMIN_SIGNIN_CODE_FAILURES,
    windowS: config.ADMIN_SIGNIN_WINDOW_S,
    firstWaitS: config.ADMIN_SIGNIN_WAIT_S,
  };
}
