/**
 * The staff service as the `admin:*` commands use it (scripts/admin-create.ts, admin-unlock.ts, admin-revoke.ts): the
 * server's configuration, its database (DATABASE_URL, or the embedded one in DATA_DIR — stop the server first: the
 * embedded database takes one process at a time) with migrations applied, and the service the server builds.
 */
import { loadConfig, type Config } from '../../server/config.ts';
import { migrate, openDatabase } from '../../server/db/client.ts';
import { staffThrottleOptions } from '../../server/modules/staff/config.ts';
import { createStaffService, StaffInputError, type StaffService } from '../../server/modules/staff/service.ts';

export async function withStaffService<T>(run: (staff: StaffService, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    const staff = createStaffService(database.db, {
      secret: config.ADMIN_SECRET,
      siteOrigin: config.siteOrigin,
      sessionTtlS: config.ADMIN_SESSION_TTL_S,
      log: { warn: (_obj, msg) => console.warn(msg) },
      throttle: staffThrottleOptions(config),
    });
    return await run(staff, config);
  } finally {
    await database.close();
  }
}

/** Where staff sign in: the configured site address (SITE_URL, or the address HOST and PORT give without one). */
export const signInAddress = (config: Pick<Config, 'siteOrigin'>) => `${config.siteOrigin}/admin/login`;

/** Runs a command's main: an error is one line on standard error and exit code 1. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof StaffInputError ? `${error.field}: ${error.message}` : error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** The member named by `--email`, or a clear error. */
export async function memberByEmail(staff: StaffService, email: string | undefined) {
  if (!email) throw new Error('--email is required: the member’s e-mail');
  const user = await staff.byEmail(email);
  if (!user) throw new Error(`No staff member with the e-mail ${email.trim().toLowerCase()}.`);
  return user;
}
