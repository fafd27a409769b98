/**
 * `npm run admin:create -- --email boss@example.ru --role admin [--name "Имя"] [--password-stdin]`: makes a staff
 * account of the back office (ADR 025) from the shell — the first administrator, or one more when nobody can sign in.
 * The password is read from ADMIN_PASSWORD, or from standard input with `--password-stdin` (its first line), or asked
 * for on a terminal without echo. It is never printed or logged. Reads DATABASE_URL or the embedded database in
 * DATA_DIR (stop the server first: the embedded database takes one process at a time); applies migrations first.
 * It prints where to sign in: the configured site address (SITE_URL; without it, the address HOST and PORT give).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { staffRoleSchema } from '../core/admin/roles.ts';
import { staffCommandConfigSchema } from '../server/modules/staff/config.ts';
import { runCommand, signInAddress, withStaffService } from './lib/staff-shell.ts';

async function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Asks on the terminal; what is typed is not shown. */
async function askHidden(question: string): Promise<string> {
  process.stderr.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return answer;
}

async function password(fromStdin: boolean): Promise<string> {
  const { ADMIN_PASSWORD } = staffCommandConfigSchema.parse(process.env);
  if (ADMIN_PASSWORD) return ADMIN_PASSWORD;
  if (fromStdin) return readFirstLine(process.stdin);
  if (!process.stdin.isTTY) throw new Error('No password: set ADMIN_PASSWORD, or pass --password-stdin and write it to standard input.');
  const first = await askHidden('Password (12 characters or more): ');
  const again = await askHidden('The same password again: ');
  if (first !== again) throw new Error('The two passwords differ.');
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  const email = z.email().safeParse(values.email ?? '');
  if (!email.success) throw new Error('--email must be an e-mail address');
  const role = staffRoleSchema.safeParse(values.role ?? '');
  if (!role.success) throw new Error(`--role must be one of ${staffRoleSchema.options.join(', ')}`);
  const secret = await password(values['password-stdin'] ?? false);

  await withStaffService(async (staff, config) => {
    const user = await staff.create(null, { email: email.data, role: role.data, name: values.name ?? '', password: secret });
    console.info(`Staff account ${user.email} (${user.role}) created; sign in at ${signInAddress(config)}`);
  });
}

if (import.meta.main) runCommand(main);
