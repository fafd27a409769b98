import { describe, expect, it } from 'vitest';
import { checkoutOrigins, paymentsConfig, paymentsProblems } from './config.ts';
import { YOOKASSA_PUBLISHED_RANGES } from './trust.ts';

const SHOP = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_0123456789abcdef' };

describe('paymentsConfig', () => {
  it('is null without the shop id and key (payments off), or with only one of them', () => {
    expect(paymentsConfig({})).toBeNull();
    expect(paymentsConfig({ YOOKASSA_SHOP_ID: '', YOOKASSA_SECRET_KEY: '' })).toBeNull();
    expect(paymentsConfig({ YOOKASSA_SHOP_ID: '123456' })).toBeNull();
    expect(paymentsConfig({ YOOKASSA_SECRET_KEY: SHOP.YOOKASSA_SECRET_KEY })).toBeNull();
  });

  it("defaults to YooKassa's API and published ranges, and never defaults the key", () => {
    expect(paymentsConfig(SHOP)).toEqual({
      shopId: '123456',
      secretKey: 'test_0123456789abcdef',
      apiUrl: 'https://api.yookassa.ru/v3',
      trustedRanges: [...YOOKASSA_PUBLISHED_RANGES],
      timeoutMs: 10_000,
    });
  });

  it('reads the trusted addresses (off, a list), the API root and the timeout, from the raw environment or the loaded one', () => {
    const raw = { ...SHOP, YOOKASSA_API_URL: 'http://127.0.0.1:4010/v3/', YOOKASSA_TRUSTED_IPS: '127.0.0.1/32, ::1', YOOKASSA_TIMEOUT_MS: '500' };
    expect(paymentsConfig(raw)).toMatchObject({ apiUrl: 'http://127.0.0.1:4010/v3', trustedRanges: ['127.0.0.1/32', '::1'], timeoutMs: 500 });
    expect(paymentsConfig({ ...raw, YOOKASSA_TIMEOUT_MS: 500 })?.timeoutMs).toBe(500);
    expect(paymentsConfig({ ...SHOP, YOOKASSA_TRUSTED_IPS: 'off' })?.trustedRanges).toBeNull();
  });

  it('refuses malformed values', () => {
    expect(() => paymentsConfig({ ...SHOP, YOOKASSA_TRUSTED_IPS: '185.71.76.0/33' })).toThrow(/YOOKASSA_TRUSTED_IPS/);
    expect(() => paymentsConfig({ ...SHOP, YOOKASSA_TRUSTED_IPS: ' , ' })).toThrow(/YOOKASSA_TRUSTED_IPS/);
    expect(() => paymentsConfig({ ...SHOP, YOOKASSA_SECRET_KEY: 'short' })).toThrow(/YOOKASSA_SECRET_KEY/);
    expect(() => paymentsConfig({ ...SHOP, YOOKASSA_SHOP_ID: 'shop' })).toThrow(/YOOKASSA_SHOP_ID/);
    expect(() => paymentsConfig({ ...SHOP, YOOKASSA_API_URL: 'ftp://x' })).toThrow(/YOOKASSA_API_URL/);
  });
});

describe('paymentsProblems', () => {
  it('names the missing half of the pair', () => {
    expect(paymentsProblems(SHOP)).toEqual([]);
    expect(paymentsProblems({})).toEqual([]);
    expect(paymentsProblems({ YOOKASSA_SHOP_ID: '123456' })[0]).toMatch(/^YOOKASSA_SECRET_KEY:/);
    expect(paymentsProblems({ YOOKASSA_SECRET_KEY: SHOP.YOOKASSA_SECRET_KEY })[0]).toMatch(/^YOOKASSA_SHOP_ID:/);
  });
});

describe('checkoutOrigins', () => {
  it("are YooKassa's confirmation pages for its API, and the API's own origin for any other root", () => {
    expect(checkoutOrigins({ apiUrl: 'https://api.yookassa.ru/v3' })).toEqual(['https://yoomoney.ru', 'https://yookassa.ru']);
    expect(checkoutOrigins({ apiUrl: 'http://127.0.0.1:4010/v3' })).toEqual(['http://127.0.0.1:4010']);
  });
});
