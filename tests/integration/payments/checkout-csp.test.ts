import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createServices } from '#server/services.ts';
import { freshDatabase } from '#tests/support/db.ts';

/**
 * The reserve form without JavaScript answers 303 to the payment's confirmation page, on the provider's site; browsers
 * check a form's redirects against the CSP's form-action, so it admits the provider's pages when payments are configured.
 */
describe("the CSP's form-action and the payment provider", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase('pglite');
  });
  afterAll(async () => {
    await db.dispose();
  });

  const formAction = async (env: Record<string, string>) => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', ...env }, '1.0.0-test');
    const app = await buildApp({ config, services: createServices(db.database, { warn: () => {} }), build: 'none', logger: false });
    try {
      const csp = String((await app.inject('/healthz')).headers['content-security-policy']);
      return /(?:^|;)\s*form-action ([^;]*)/.exec(csp)?.[1];
    } finally {
      await app.close();
    }
  };
  const shop = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'live_0123456789abcdef' };

  it('is the site alone without payments', async () => {
    expect(await formAction({})).toBe("'self'");
  });

  it("admits YooKassa's confirmation pages with its API, and the stand-in's origin with the stand-in", async () => {
    expect(await formAction(shop)).toBe("'self' https://yoomoney.ru https://yookassa.ru");
    expect(await formAction({ ...shop, YOOKASSA_API_URL: 'http://127.0.0.1:4010/v3' })).toBe("'self' http://127.0.0.1:4010");
  });
});
