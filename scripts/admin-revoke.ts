/**
 * `npm run admin:revoke -- --email member@example.ru`: ends every session of a staff member at once (a lost laptop, a
 * stolen cookie; ADR 038) and writes it in the audit trail. Their next request is signed out; their password and
 * second factor are unchanged (change or reset them in the users screen). Reads the server's configuration and
 * database (scripts/lib/staff-shell.ts).
 */
import { parseArgs } from 'node:util';
import { memberByEmail, runCommand, withStaffService } from './lib/staff-shell.ts';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  await withStaffService(async (staff) => {
    const member = await memberByEmail(staff, values.email);
    const { revoked } = (await staff.revokeSessions(null, member.id))!;
    console.info(`${revoked} ${revoked === 1 ? 'session' : 'sessions'} of ${member.email} ended.`);
  });
}

if (import.meta.main) runCommand(main);
