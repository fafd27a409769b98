import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.LOCALE_STRATEGY).toBe('prefix_except_default');
    expect(config.errorPreview).toBe(false);
    expect(config.siteOrigin).toBe('http://localhost:3000');
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOCALE_STRATEGY: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('parses booleans', () => {
    expect(loadConfig({ TRUST_PROXY: 'true', ERROR_PREVIEW: '0' })).toMatchObject({ TRUST_PROXY: true, errorPreview: false });
  });
});
