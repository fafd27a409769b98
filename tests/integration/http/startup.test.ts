import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOnSite } from '#core/http/safe-location.ts';
import { HOME_STORIES } from '#core/flags/features.ts';
import { SHARED_TEST_MEDIA_DIR } from '#tests/support/server.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Variables the tests set themselves, never inherited. */
const CLEARED = [
  'SITE_URL',
  'HOST',
  'PORT',
  'TRUST_PROXY',
  'ANTIBOT_SALT',
  'CAPTCHA_SECRET',
  'METRICS_TOKEN',
  'FLAGS_TOKEN',
  'CRM_WEBHOOK_URL',
  'CRM_WEBHOOK_SECRET',
];

/** `node server/index.ts` with exactly `env` on top of the test's own (SITE_URL, HOST, PORT never inherited). */
function serverProcess(
  env: Record<string, string>,
  dataDir: string,
): { child: ChildProcess; output: () => string; waitFor: (pattern: RegExp) => Promise<RegExpExecArray> } {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete base[name];
  const child = spawn(process.execPath, ['server/index.ts'], {
    // Load shedding off, as for every test server (tests/support/server.ts): on a machine the whole suite loads, a
    // late event loop answered 503 before the hooks these tests assert (the CSRF cookie, the operator token) ran.
    env: { ...base, NODE_ENV: 'production', DATA_DIR: dataDir, MEDIA_DIR: SHARED_TEST_MEDIA_DIR, LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          waiters.delete(check);
          resolve(match);
        }
      };
      child.once('exit', (code) => {
        waiters.delete(check);
        reject(new Error(`server exited with ${code} before ${pattern}:\n${output}`));
      });
      waiters.add(check);
      check();
    });
  return { child, output: () => output, waitFor };
}

describe('server start-up and the site origin', () => {
  it('refuses to listen beyond loopback in production without SITE_URL or with demo secrets, naming each variable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'startup-refuse-'));
    try {
      const { child, output } = serverProcess({ HOST: '0.0.0.0', PORT: '0' }, dataDir);
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output()).toMatch(/Refusing to start:\n {2}SITE_URL: must be the site's public origin/);
      expect(output()).toMatch(/\n {2}ANTIBOT_SALT: is the demo default/);
      expect(output()).toMatch(/\n {2}CAPTCHA_SECRET: is unset/);
      // A public SITE_URL alone is not enough while the demo salt is in place.
      const second = serverProcess({ HOST: '0.0.0.0', PORT: '0', SITE_URL: 'https://www.example.ru', CAPTCHA_MODE: 'off' }, dataDir);
      expect(await new Promise((resolve) => second.child.once('exit', resolve))).toBe(1);
      expect(second.output()).not.toMatch(/SITE_URL/);
      expect(second.output()).toMatch(/ANTIBOT_SALT: is the demo default/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes that load the whole server before refusing: 10-15 s each on a loaded machine.
  }, 120_000);

  describe('on loopback with PORT=0 and no SITE_URL', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'startup-port0-'));
    let server: ReturnType<typeof serverProcess>;
    let origin = '';
    beforeAll(async () => {
      server = serverProcess({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm' }, dataDir);
      // Logged once the server listens.
      origin = (await server.waitFor(/"siteOrigin":"(http:\/\/127\.0\.0\.1:\d+)"/))[1]!;
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      // A hang guard, not a time: a first start migrates and seeds the demo and draws its pictures (13 s on a quiet
      // machine); under the whole suite's load it took over 120 s once (2026-11-30 full run).
    }, 360_000);
    afterAll(async () => {
      if (server?.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('uses the address it really listens on in canonical links, the sitemap and the feed', async () => {
      const listening = (await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1];
      expect(origin).toBe(listening);
      expect(origin).not.toMatch(/:0$|:3000$/);
      const page = await fetch(`${origin}/en/contacts`, { headers: { 'user-agent': UA } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<link rel="canonical" href="${origin}/en/contacts"/>`);
      const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>${origin}/sitemaps/`);
      const feed = await (await fetch(`${origin}/feeds/yandex.xml`)).text();
      expect(feed).toContain(`<url>${origin}/`);
      expect(feed).not.toContain('localhost:3000');
    });

    it('warns once at boot that leads go to the CRM unsigned', async () => {
      await server.waitFor(/CRM_WEBHOOK_SECRET is not set/);
      expect(server.output().match(/CRM_WEBHOOK_SECRET is not set/g)).toHaveLength(1);
    });

    it('gives the CSRF cookie by GET /api/csrf/, and never with pages, assets, images or other cacheable files', async () => {
      const tiny = await fetch(`${origin}/api/csrf/`, { headers: { 'user-agent': UA } });
      expect(tiny.headers.getSetCookie().some((cookie) => cookie.startsWith('csrftoken='))).toBe(true);
      // A first visit's page is one a shared cache may keep: no cookie on it (ADR 035).
      const page = await fetch(`${origin}/en`, { headers: { 'user-agent': UA } });
      expect(page.headers.get('cache-control')).toMatch(/^public/);
      expect(page.headers.getSetCookie()).toEqual([]);
      const html = await page.text();
      const asset = /(\/assets\/[\w.-]+\.js)/.exec(html)?.[1];
      const image = /(\/img\/[^"'\s)]+)/.exec(html)?.[1]?.replaceAll('&amp;', '&');
      expect(asset).toBeDefined();
      expect(image).toBeDefined();
      for (const url of [asset!, image!, '/robots.txt', '/sitemap.xml', '/feeds/yandex.xml', '/pdf/en/projects/2.pdf']) {
        const res = await fetch(`${origin}${url}`);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('cache-control'), url).toMatch(/public/);
        expect(
          res.headers.getSetCookie().filter((cookie) => cookie.startsWith('csrftoken=')),
          url,
        ).toEqual([]);
        await res.arrayBuffer();
      }
    });

    it('writes an operator token only its owner can read; the flag admin API asks for it, and npm run flags:* reads it', async () => {
      const file = join(dataDir, 'operator-token');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const token = readFileSync(file, 'utf8').trim();
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(server.output()).toContain('operator token for the flag admin API written');
      expect(server.output()).not.toContain(token);

      const put = (headers: Record<string, string>) =>
        fetch(`${origin}/api/admin/flags/${HOME_STORIES}/`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{"defaultValue":true}',
        });
      // A loopback socket with no forwarding header is not enough.
      expect((await put({})).status).toBe(403);
      expect((await put({ authorization: `Bearer ${token}` })).status).toBe(200);

      /** The command as `npm run flags:*` runs it, on this machine with the server's DATA_DIR and port. */
      const flags = (args: string[], env: Record<string, string> = {}) =>
        new Promise<{ code: number; out: string }>((resolve) => {
          const base: NodeJS.ProcessEnv = { ...process.env };
          for (const name of [...CLEARED, 'DATABASE_URL', 'FLAGS_SERVER_URL']) delete base[name];
          execFile(
            process.execPath,
            ['scripts/flags.ts', ...args],
            { env: { ...base, HOST: '127.0.0.1', PORT: new URL(origin).port, DATA_DIR: dataDir, ...env } },
            (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
          );
        });
      const set = await flags(['set', HOME_STORIES, 'false']);
      expect(set, set.out).toMatchObject({ code: 0 });
      expect(set.out).toContain(`Set in the server at http://127.0.0.1:${new URL(origin).port}`);
      const list = await flags(['list']);
      expect(list.code, list.out).toBe(0);
      expect(list.out).toMatch(new RegExp(`^${HOME_STORIES} = false`, 'm'));
      const payload = (await (await fetch(`${origin}/api/features/sdk-severnaya-demo`)).json()) as { features: Record<string, { defaultValue: unknown }> };
      expect(payload.features[HOME_STORIES]!.defaultValue).toBe(false);
      // Without the file (another data directory) and without FLAGS_TOKEN, the server refuses the command.
      const elsewhere = mkdtempSync(join(tmpdir(), 'startup-no-token-'));
      try {
        const refused = await flags(['set', HOME_STORIES, 'true'], { DATA_DIR: elsewhere });
        expect(refused.code).toBe(1);
        expect(refused.out).toMatch(/no operator token/);
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
      expect((await flags(['set', HOME_STORIES, 'true'])).code).toBe(0);
    });

    it('keeps a form redirect (redirectTo) on the site', async () => {
      // Pages set no cookie (ADR 035): the token comes from the tiny request, as the browser's code asks for it.
      const page = await fetch(`${origin}/api/csrf/`, { headers: { 'user-agent': UA } });
      const token = /csrftoken=([\w-]+)/.exec(page.headers.getSetCookie().join(';'))?.[1];
      expect(token).toBeDefined();
      await page.arrayBuffer();
      for (const redirectTo of ['/\t/evil.example/', '/\\evil.example/', '//evil.example/']) {
        const res = await fetch(`${origin}/en/selection`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin, cookie: `csrftoken=${token}`, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
          body: new URLSearchParams({ csrfmiddlewaretoken: token!, intent: 'clear', redirectTo }).toString(),
        });
        expect(res.status, redirectTo).toBe(302);
        const location = res.headers.get('location')!;
        expect(location, redirectTo).toMatch(/^\/(?![/\\])/);
        expect(isOnSite(location, origin), `${redirectTo} → ${location}`).toBe(true);
        // The same form sent by the client router: the redirect travels in the body, no Location to check.
        const data = await fetch(`${origin}/en/selection.data`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin, cookie: `csrftoken=${token}`, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
          body: new URLSearchParams({ csrfmiddlewaretoken: token!, intent: 'clear', redirectTo }).toString(),
        });
        const body = await data.text();
        expect(body, redirectTo).toContain('"/evil.example/"');
        expect(body, redirectTo).not.toMatch(/"[/\\\t]{2,}evil/);
      }
    });
  });
});
