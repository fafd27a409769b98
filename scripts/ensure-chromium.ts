import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Parts of Chromium's own window that a headless browser never shows but builds anyway. Chromium 156 makes the
 * omnibox's popups as WebUI pages (`chrome://omnibox-popup.top-chrome/`, twice) in a renderer of their own for every
 * window, and Playwright opens a window for every browser context: about 1 s of a core per context, which is per
 * browser test, on a two-core machine where the tests, their servers and their pages share the cores.
 */
const UNSHOWN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The features Playwright itself turns off (its `disabledFeatures`: PaintHolding, HTTPS upgrades, …). Chromium keeps
 * only the last `--disable-features` it is given, so ours must carry Playwright's too, read from the Playwright that
 * launches the browser. A Playwright whose list cannot be found fails loudly here rather than losing its defaults.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  const names = [...(list ?? '').replace(/\/\/[^\n]*/g, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((match) => match[1]!);
  if (!names.includes('PaintHolding')) throw new Error("Playwright's disabled Chromium features were not found: update scripts/ensure-chromium.ts");
  return names;
}

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
  `--disable-features=${[...new Set([...playwrightDisabledFeatures(), ...UNSHOWN_BROWSER_UI])].join(',')}`,
];

/**
 * Browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
 * Installs it with apt when it is missing and we are root; otherwise explains what to do.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  console.info('Installing Chromium with apt-get (once per machine)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(ensureChromium());
}
