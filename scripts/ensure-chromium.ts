import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium: the browser Lighthouse measures with, screenshots are taken in, and the browser tests that need its back/forward cache run in. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium (same Blink and V8, no browser window): the other browser tests run in
 * it because the full browser builds its window UI for every context even when headless, at a large CPU cost (ADR
 * 031). The shell has no back/forward cache, hence the full browser for the tests that need it.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** How Chromium is started here (browser tests, screenshots, Lighthouse): headless, and none of its own network traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Browser tests drive Debian's Chromium and its headless shell (Playwright's own browser download cannot work here).
 * Installs both with apt when one is missing and we are root; otherwise explains what to do. Returns the full browser.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH) && existsSync(HEADLESS_SHELL_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH} and ${HEADLESS_SHELL_PATH}. Install it (sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH.`,
    );
  }
  console.info('Installing Chromium with apt-get (once per machine)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'chromium-headless-shell', 'fonts-noto-cjk'], {
    stdio: 'inherit',
    env,
  });
  for (const path of [CHROMIUM_PATH, HEADLESS_SHELL_PATH]) if (!existsSync(path)) throw new Error(`apt-get finished but ${path} is still missing`);
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(ensureChromium());
}
