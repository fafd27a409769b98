import { describe, expect, it } from 'vitest';
import { acceptedImageFormats, detectDevice, deviceInputFromHeaders } from './device.ts';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac17: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariMac15: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/605.1.15',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphone13: 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeLegacy: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.140 Safari/537.36 Edge/17.17134',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  yandexbot: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
};
const CHROME_NAV_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

describe('device detection (spec §3)', () => {
  it('recognises a desktop Chrome that announces WebP', () => {
    expect(detectDevice({ userAgent: UA.chromeWindows, accept: CHROME_NAV_ACCEPT })).toEqual({
      webp: true,
      ios: false,
      android: false,
      macOS: false,
      safari: false,
      crawler: false,
      formats: ['avif', 'webp', 'png', 'jpeg'],
      breakpoint: { name: 'desktop', pc: true, tablets: false, realName: false },
    });
  });

  it('flags macOS and Safari, and knows Safari 16+ decodes WebP without saying so', () => {
    const safari = detectDevice({ userAgent: UA.safariMac17, accept: 'text/html,*/*;q=0.8' });
    expect(safari).toMatchObject({ macOS: true, safari: true, ios: false, webp: true });
    expect(detectDevice({ userAgent: UA.safariMac15 })).toMatchObject({ macOS: true, safari: true, webp: false, formats: ['png', 'jpeg'] });
    expect(detectDevice({ userAgent: UA.chromeMac })).toMatchObject({ macOS: true, safari: false, webp: true });
  });

  it('recognises iOS and Android, phones and tablets', () => {
    expect(detectDevice({ userAgent: UA.iphone })).toMatchObject({
      ios: true,
      macOS: false,
      safari: true,
      webp: true,
      breakpoint: { name: 'mobile', realName: false },
    });
    expect(detectDevice({ userAgent: UA.iphone13 }).webp).toBe(false);
    expect(detectDevice({ userAgent: UA.ipad })).toMatchObject({ ios: true, safari: false, breakpoint: { name: 'tablet', tablets: true, pc: false } });
    expect(detectDevice({ userAgent: UA.androidPhone })).toMatchObject({ android: true, ios: false, webp: true, breakpoint: { name: 'mobile' } });
    expect(detectDevice({ userAgent: UA.androidTablet })).toMatchObject({ android: true, breakpoint: { name: 'tablet' } });
  });

  it('knows which browsers decode WebP from the user agent alone', () => {
    expect(detectDevice({ userAgent: UA.firefox }).webp).toBe(true);
    expect(detectDevice({ userAgent: UA.edgeLegacy }).webp).toBe(false);
    expect(detectDevice({ userAgent: UA.ie11 }).webp).toBe(false);
    expect(detectDevice({ userAgent: UA.ie11, accept: 'image/webp' }).webp).toBe(true);
  });

  it('flags crawlers with isbot', () => {
    expect(detectDevice({ userAgent: UA.googlebot }).crawler).toBe(true);
    expect(detectDevice({ userAgent: UA.yandexbot }).crawler).toBe(true);
    expect(detectDevice({ userAgent: UA.chromeWindows }).crawler).toBe(false);
    expect(detectDevice({}).crawler).toBe(false);
  });

  it('prefers client hints: a measured viewport gives the real breakpoint name', () => {
    expect(detectDevice({ userAgent: UA.chromeWindows, clientHints: { viewportWidth: '1300' } }).breakpoint).toEqual({
      name: 'laptop',
      pc: true,
      tablets: false,
      realName: true,
    });
    expect(detectDevice({ userAgent: '', clientHints: { mobile: '?1' } }).breakpoint.name).toBe('mobile');
    expect(detectDevice({ userAgent: '', clientHints: { platform: '"macOS"' } }).macOS).toBe(true);
    expect(detectDevice({ userAgent: '', clientHints: { platform: '"Android"' } }).android).toBe(true);
  });

  it('reads its inputs from Fetch or Node headers', () => {
    const headers = new Headers({ 'user-agent': UA.iphone, accept: 'image/webp', 'sec-ch-viewport-width': '390', cookie: 'x=1' });
    expect(deviceInputFromHeaders(headers)).toEqual({
      userAgent: UA.iphone,
      accept: 'image/webp',
      clientHints: { platform: undefined, mobile: undefined, viewportWidth: '390' },
    });
    expect(deviceInputFromHeaders({ 'user-agent': 'x', 'viewport-width': '800' })).toMatchObject({ userAgent: 'x', clientHints: { viewportWidth: '800' } });
  });
});

describe('Accept header', () => {
  it('lists image formats with a non-zero quality; wildcards promise nothing', () => {
    expect(acceptedImageFormats('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toEqual(['avif', 'webp']);
    expect(acceptedImageFormats('image/webp;q=0, image/png;q=0.5')).toEqual(['png']);
    expect(acceptedImageFormats('*/*')).toEqual([]);
    expect(acceptedImageFormats(undefined)).toEqual([]);
  });
});
