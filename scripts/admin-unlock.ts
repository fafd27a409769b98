/**
 * `npm run admin:unlock -- --email member@example.ru`: lifts every wait on a staff member's sign-in (ADR 038) — their
 * failed passwords and codes from every address are forgotten — and writes it in the audit trail. Sign-in is never
 * locked, only slowed for the clients that failed; this is for the member who failed from their own address, or after
 * an attack the administrator has dealt with. Reads the server's configuration and database (scripts/lib/staff-shell.ts).
 */
import { parseArgs } from 'node:util';
import { memberByEmail, runCommand, signInAddress, withStaffService } from './lib/staff-shell.ts';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  await withStaffService(async (staff, config) => {
    const member = await memberByEmail(staff, values.email);
    const { cleared } = (await staff.unlock(null, member.id))!;
    console.info(
      `Sign-in of ${member.email} unlocked (${cleared} failed ${cleared === 1 ? 'attempt' : 'attempts'} forgotten); sign in at ${signInAddress(config)}`,
    );
  });
}

if (import.meta.main) runCommand(main);
