import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { detectDevice, type DeviceState } from '#core/device.ts';
import { buildImageSet } from '#core/image/image-set.ts';
import { withImageSets } from '#core/image/usages.ts';
import { DeviceProvider, useDevice } from '#app/lib/device-context.tsx';
import { Image, type ImageProps } from './image.tsx';

const CHROME = detectDevice({
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,image/avif,image/webp,*/*;q=0.8',
});
const OLD_SAFARI = detectDevice({
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/605.1.15',
});
const GOOGLEBOT = detectDevice({
  userAgent:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.204 Safari/537.36',
});

const render = (props: ImageProps, device: DeviceState = CHROME) =>
  renderToString(
    <DeviceProvider value={device}>
      <Image {...props} />
    </DeviceProvider>,
  );
const attr = (html: string, name: string) => new RegExp(`<img [^>]*?${name}="([^"]*)"`).exec(html)?.[1];

describe('<Image>', () => {
  it('server-renders a priority image at once: srcset 1x/2x (format negotiated by the proxy), box reserved, high priority, preloaded', () => {
    const html = render({ src: 'demo/hero.jpg', alt: 'Towers', width: 1600, height: 1000, priority: true });
    expect(attr(html, 'src')).toBe('/img/_/w:1600/h:1000/rt:fill/plain/demo/hero.jpg');
    expect(attr(html, 'srcSet')).toBe('/img/_/w:1600/h:1000/rt:fill/plain/demo/hero.jpg 1x, /img/_/w:1600/h:1000/rt:fill/dpr:2/plain/demo/hero.jpg 2x');
    expect(attr(html, 'width')).toBe('1600');
    expect(attr(html, 'height')).toBe('1000');
    expect(attr(html, 'loading')).toBe('eager');
    expect(attr(html, 'fetchPriority')).toBe('high');
    expect(attr(html, 'alt')).toBe('Towers');
    expect(html).toMatch(/<link rel="preload" as="image" fetchPriority="high" imageSrcSet="[^"]+1x, [^"]+2x"/);
  });

  it('server-renders a lazy image as the real one, natively lazy: it loads near the viewport without any script', () => {
    const html = render({ src: 'demo/courtyard.jpg', alt: 'Courtyard', width: 800, height: 500, className: 'rounded-xl' });
    expect(attr(html, 'src')).toBe('/img/_/w:800/h:500/rt:fill/plain/demo/courtyard.jpg');
    expect(attr(html, 'srcSet')).toBe('/img/_/w:800/h:500/rt:fill/plain/demo/courtyard.jpg 1x, /img/_/w:800/h:500/rt:fill/dpr:2/plain/demo/courtyard.jpg 2x');
    expect(attr(html, 'loading')).toBe('lazy');
    expect(attr(html, 'decoding')).toBe('async');
    expect(attr(html, 'alt')).toBe('Courtyard');
    expect(attr(html, 'data-status')).toBe('idle');
    expect(html).toContain('width="800" height="500"');
    // The wrapper's box is the `pic` component class (app/app.css), the caller's classes after it.
    expect(html).toContain('<span class="pic rounded-xl">');
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain('rel="preload"');
  });

  it('server-renders an eager image at once, at normal priority', () => {
    const html = render({ src: 'demo/courtyard.jpg', alt: '', width: 800, height: 500, eager: true });
    expect(attr(html, 'src')).toBe('/img/_/w:800/h:500/rt:fill/plain/demo/courtyard.jpg');
    expect(attr(html, 'loading')).toBe('eager');
    expect(attr(html, 'fetchPriority')).toBeUndefined();
    expect(html).not.toContain('fetchPriority="high"');
  });

  it('writes the same format-less URLs for a browser without WebP (its image Accept gets it jpeg), and dpr 2 to macOS', () => {
    const html = render({ src: 'demo/hero.jpg', alt: '', width: 400, height: 250, priority: true }, OLD_SAFARI);
    expect(attr(html, 'src')).toBe('/img/_/w:400/h:250/rt:fill/dpr:2/plain/demo/hero.jpg');
    expect(attr(html, 'srcSet')).toMatch(/hero\.jpg 2x$/);
  });

  it('gives crawlers the real image with native lazy loading', () => {
    const html = render({ src: 'demo/hero.jpg', alt: 'Towers', width: 400, height: 250 }, GOOGLEBOT);
    expect(attr(html, 'src')).toBe('/img/_/w:400/h:250/rt:fill/plain/demo/hero.jpg');
    expect(attr(html, 'loading')).toBe('lazy');
    expect(html).not.toContain('<noscript>');
  });

  it('lists widths when given sizes', () => {
    const html = render({ src: 'demo/hero.jpg', alt: '', width: 800, height: 400, sizes: '(min-width: 1024px) 50vw, 100vw', priority: true });
    expect(attr(html, 'sizes')).toBe('(min-width: 1024px) 50vw, 100vw');
    expect(attr(html, 'srcSet')).toMatch(/w:320\/h:160\/.* 320w, .* 1600w$/);
  });

  it('uses URLs made on the server as they are (signed mode)', () => {
    const imageSet = buildImageSet({ src: 'demo/hero.jpg', width: 10, height: 10 }, CHROME, { sign: () => 'SIGNED' });
    const html = render({ src: 'demo/hero.jpg', alt: '', width: 10, height: 10, priority: true, imageSet });
    expect(attr(html, 'src')).toBe('/img/SIGNED/w:10/h:10/rt:fill/plain/demo/hero.jpg');
  });

  it('shows a picture as a usage: the signed set its loader attached, else the same URLs unsigned', () => {
    const picture = { src: 'catalogue/lots/2e.png', width: 3200, height: 2000 };
    const unsigned = render({ picture, usage: 'lotPlan', alt: 'Plan', priority: true });
    expect(attr(unsigned, 'src')).toBe('/img/_/w:880/h:620/bg:ffffff/plain/catalogue/lots/2e.png');
    expect([attr(unsigned, 'width'), attr(unsigned, 'height')]).toEqual(['880', '620']);
    const signed = render({ picture: withImageSets(picture, ['lotPlan'], CHROME, () => 'SIGNED'), usage: 'lotPlan', alt: 'Plan', priority: true });
    expect(attr(signed, 'src')).toBe('/img/SIGNED/w:880/h:620/bg:ffffff/plain/catalogue/lots/2e.png');
    expect(attr(signed, 'srcSet')).not.toContain('/img/_/');
  });

  it('never writes inline styles (the CSP forbids them)', () => {
    for (const props of [
      { src: 'a.jpg', alt: '', width: 10, height: 10, priority: true },
      { src: 'a.jpg', alt: '', width: 10, height: 10 },
      { src: 'a.jpg', alt: '', width: 10, height: 10, sizes: '100vw' },
    ]) {
      expect(render(props)).not.toContain('style=');
    }
  });

  it('throws for an unknown preset (spec §8)', () => {
    expect(() => render({ src: 'a.jpg', alt: '', width: 10, height: 10, preset: 'huge' as 'preview' })).toThrow('Unknown image preset "huge"');
  });
});

describe('device context', () => {
  it('hands the server-made device state to components', () => {
    function Probe() {
      const device = useDevice();
      return <b>{`${device.webp}/${device.breakpoint.name}/${device.breakpoint.realName}`}</b>;
    }
    expect(
      renderToString(
        <DeviceProvider value={CHROME}>
          <Probe />
        </DeviceProvider>,
      ),
    ).toBe('<b>true/desktop/false</b>');
  });

  it('refuses to be used outside its provider', () => {
    function Probe() {
      useDevice();
      return null;
    }
    expect(() => renderToString(<Probe />)).toThrow('useDevice() must be called inside <DeviceProvider>');
  });
});
