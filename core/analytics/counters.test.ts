import { describe, expect, it } from 'vitest';
import { analyticsSettings, counterCsp, counterScriptUrl, MAX_COUNTER_HOSTS } from './counters.ts';

describe('the counters', () => {
  it('are none without configuration, and then the CSP gains nothing', () => {
    expect(analyticsSettings({ ANALYTICS_CONSENT: 'notice' })).toBeNull();
    expect(counterCsp(null)).toEqual({ script: [], connect: [], img: [], frame: [], hosts: [] });
  });

  it('admit only the hosts of the counters configured, all three within the eight hosts of spec §9', () => {
    const ym = analyticsSettings({ ANALYTICS_CONSENT: 'notice', YANDEX_METRIKA_ID: '12345678' })!;
    expect(counterCsp(ym).hosts).toEqual(['mc.yandex.ru', 'yastatic.net']);
    expect(counterCsp(ym).script.join(' ')).not.toMatch(/google|calltouch/);
    for (const provider of ['calltouch', 'comagic'] as const) {
      const all = analyticsSettings({
        ANALYTICS_CONSENT: 'opt-in',
        YANDEX_METRIKA_ID: '12345678',
        GA4_MEASUREMENT_ID: 'G-ABC123DEF4',
        CALLTRACKING_PROVIDER: provider,
        CALLTRACKING_SITE_ID: 'site42',
      })!;
      const csp = counterCsp(all);
      expect(csp.hosts.length).toBeLessThanOrEqual(MAX_COUNTER_HOSTS);
      expect(csp.script).toContain('https://*.googletagmanager.com');
      expect(csp.connect).toContain('https://*.google-analytics.com');
      expect(csp.script).toContain(`https://*.${provider}.ru`);
    }
  });

  it('point at another address (a proxy, a stand-in): that origin alone is admitted', () => {
    const settings = analyticsSettings({
      ANALYTICS_CONSENT: 'notice',
      YANDEX_METRIKA_ID: '1',
      YANDEX_METRIKA_SCRIPT_URL: 'http://127.0.0.1:4001/tag.js',
      GA4_MEASUREMENT_ID: 'G-TEST1234',
      GA4_SCRIPT_URL: 'http://127.0.0.1:4001/gtag.js',
    })!;
    expect(counterCsp(settings)).toEqual({
      script: ['http://127.0.0.1:4001'],
      connect: ['http://127.0.0.1:4001'],
      img: ['http://127.0.0.1:4001'],
      frame: [],
      hosts: ['127.0.0.1:4001'],
    });
    expect(counterScriptUrl('ga4', settings)).toBe('http://127.0.0.1:4001/gtag.js?id=G-TEST1234');
    expect(counterScriptUrl('metrika', settings)).toBe('http://127.0.0.1:4001/tag.js');
    expect(counterScriptUrl('callTracking', settings)).toBeNull();
  });

  it("load each vendor's script with its id where the vendor wants it", () => {
    const ct = analyticsSettings({ ANALYTICS_CONSENT: 'notice', CALLTRACKING_PROVIDER: 'calltouch', CALLTRACKING_SITE_ID: 'abc' })!;
    expect(counterScriptUrl('callTracking', ct)).toBe('https://mod.calltouch.ru/init.js?id=abc');
    const cm = analyticsSettings({ ANALYTICS_CONSENT: 'notice', CALLTRACKING_PROVIDER: 'comagic', CALLTRACKING_SITE_ID: 'abc' })!;
    expect(counterScriptUrl('callTracking', cm)).toBe('https://app.comagic.ru/static/cs.min.js?k=abc');
  });
});
