import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const JAVA_PATH = process.env.JAVA_PATH ?? '/usr/bin/java';

/**
 * The Nu HTML checker (`vnu-jar`) runs on Debian's Java (its own download of a JRE is not allowed to run here).
 * Installs a headless JRE with apt when it is missing and we are root; otherwise explains what to do.
 */
export function ensureJava(): string {
  if (existsSync(JAVA_PATH)) return JAVA_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(`Java is not installed at ${JAVA_PATH}. Install it (sudo apt-get install -y default-jre-headless) or set JAVA_PATH.`);
  }
  console.info('Installing Java with apt-get (once per machine)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'default-jre-headless'], { stdio: 'inherit', env });
  if (!existsSync(JAVA_PATH)) throw new Error(`apt-get finished but ${JAVA_PATH} is still missing`);
  return JAVA_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(ensureJava());
}
