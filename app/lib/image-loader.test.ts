import { describe, expect, it } from 'vitest';
import {
  createImageLoader,
  LAZY_FALLBACK_TIMEOUT_MS,
  LAZY_ROOT_MARGIN,
  LAZY_THRESHOLD_PX,
  PRELOAD_CONCURRENCY,
  type LazySource,
  type LazyStatus,
  type LoaderEnvironment,
} from './image-loader.ts';

type Deferred = { source: LazySource; resolve: () => void; reject: () => void };

/** A browser stand-in: an IntersectionObserver driven by hand, preloads settled by hand. */
function fakeBrowser(options: { intersectionObserver?: boolean } = {}) {
  const preloads: Deferred[] = [];
  const online: (() => void)[] = [];
  const scroll: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const near = new Set<Element>();
  let observer: { callback: IntersectionObserverCallback; init: IntersectionObserverInit | undefined; observed: Set<Element> } | undefined;

  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      observer = { callback, init, observed: new Set() };
    }
    observe(element: Element) {
      observer?.observed.add(element);
    }
    unobserve(element: Element) {
      observer?.observed.delete(element);
    }
    disconnect() {}
  }

  const env: LoaderEnvironment = {
    IntersectionObserver: options.intersectionObserver === false ? undefined : (FakeObserver as unknown as typeof IntersectionObserver),
    preload: (source) => new Promise<void>((resolve, reject) => preloads.push({ source, resolve, reject: () => reject(new Error('failed')) })),
    onOnline: (listener) => {
      online.push(listener);
      return () => undefined;
    },
    isNear: (element) => near.has(element),
    onScroll: (listener) => {
      scroll.push(listener);
      return () => undefined;
    },
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
  };

  return {
    env,
    preloads,
    timers,
    near,
    get observer() {
      return observer;
    },
    intersect(element: Element, isIntersecting: boolean) {
      observer?.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    },
    goOnline: () => online.forEach((listener) => listener()),
    scroll: () => scroll.forEach((listener) => listener()),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function image(name: string) {
  const element = { name } as unknown as Element;
  const statuses: LazyStatus[] = [];
  return {
    element,
    statuses,
    target: { element, source: { src: `/img/${name}`, srcSet: `/img/${name} 1x`, sizes: undefined }, onStatus: (s: LazyStatus) => statuses.push(s) },
  };
}

describe('lazy image loader', () => {
  it('uses the spec constants', () => {
    expect([LAZY_ROOT_MARGIN, LAZY_THRESHOLD_PX, LAZY_FALLBACK_TIMEOUT_MS, PRELOAD_CONCURRENCY]).toEqual(['400px 0px', 50, 10_000, 5]);
    const browser = fakeBrowser();
    createImageLoader(browser.env);
    expect(browser.observer?.init).toEqual({ rootMargin: '400px 0px' });
  });

  it("falls back to the threshold as margin when the root margin is empty (vanilla-lazyload's rule)", () => {
    const browser = fakeBrowser();
    createImageLoader(browser.env, { rootMargin: '' });
    expect(browser.observer?.init).toEqual({ rootMargin: '50px' });
  });

  it('goes entered → loading → loaded → applied, then stops observing', async () => {
    const browser = fakeBrowser();
    const loader = createImageLoader(browser.env);
    const a = image('a');
    loader.observe(a.target);
    expect(browser.observer?.observed.has(a.element)).toBe(true);
    expect(browser.preloads).toHaveLength(0);
    browser.intersect(a.element, true);
    expect(a.statuses).toEqual(['entered', 'loading']);
    expect(browser.preloads[0]?.source).toEqual(a.target.source);
    browser.preloads[0]?.resolve();
    await flush();
    expect(a.statuses).toEqual(['entered', 'loading', 'loaded', 'applied']);
    expect(browser.observer?.observed.has(a.element)).toBe(false);
  });

  it('reports exited, and drops a queued image scrolled past before its turn', async () => {
    const browser = fakeBrowser();
    const loader = createImageLoader(browser.env, { concurrency: 1 });
    const [a, b] = [image('a'), image('b')];
    loader.observe(a.target);
    loader.observe(b.target);
    browser.intersect(a.element, true);
    browser.intersect(b.element, true);
    browser.intersect(b.element, false);
    expect(b.statuses).toEqual(['entered', 'exited']);
    browser.preloads[0]?.resolve();
    await flush();
    expect(browser.preloads).toHaveLength(1);
    browser.intersect(b.element, true);
    expect(b.statuses).toEqual(['entered', 'exited', 'entered', 'loading']);
  });

  it('preloads at most five at a time, in the order images came into view', async () => {
    const browser = fakeBrowser();
    const loader = createImageLoader(browser.env);
    const images = Array.from({ length: 8 }, (_, i) => image(`i${i}`));
    for (const img of images) {
      loader.observe(img.target);
      browser.intersect(img.element, true);
    }
    expect(browser.preloads.map((p) => p.source.src)).toEqual(['/img/i0', '/img/i1', '/img/i2', '/img/i3', '/img/i4']);
    browser.preloads[1]?.resolve();
    browser.preloads[3]?.reject();
    await flush();
    expect(browser.preloads.map((p) => p.source.src).slice(5)).toEqual(['/img/i5', '/img/i6']);
    expect(images[3]?.statuses.at(-1)).toBe('error');
  });

  it('retries errored images when the browser comes back online', async () => {
    const browser = fakeBrowser();
    const loader = createImageLoader(browser.env);
    const [a, b] = [image('a'), image('b')];
    loader.observe(a.target);
    loader.observe(b.target);
    browser.intersect(a.element, true);
    browser.intersect(b.element, true);
    browser.preloads[0]?.reject();
    browser.preloads[1]?.reject();
    await flush();
    browser.intersect(b.element, false);
    browser.goOnline();
    // The visible one is tried again at once; the other when it comes back into view.
    expect(browser.preloads.map((p) => p.source.src)).toEqual(['/img/a', '/img/b', '/img/a']);
    browser.preloads[2]?.resolve();
    await flush();
    expect(a.statuses).toEqual(['entered', 'loading', 'error', 'loading', 'loaded', 'applied']);
    browser.intersect(b.element, true);
    expect(browser.preloads.map((p) => p.source.src)).toEqual(['/img/a', '/img/b', '/img/a', '/img/b']);
  });

  it('forgets an image when its component unmounts', async () => {
    const browser = fakeBrowser();
    const loader = createImageLoader(browser.env, { concurrency: 1 });
    const [a, b] = [image('a'), image('b')];
    loader.observe(a.target);
    const stopB = loader.observe(b.target);
    browser.intersect(a.element, true);
    browser.intersect(b.element, true);
    stopB();
    expect(browser.observer?.observed.has(b.element)).toBe(false);
    browser.preloads[0]?.resolve();
    await flush();
    expect(browser.preloads).toHaveLength(1);
    expect(b.statuses).toEqual(['entered']);
  });

  it('without IntersectionObserver: loads what is within the threshold, and everything after 10 s', () => {
    const browser = fakeBrowser({ intersectionObserver: false });
    const loader = createImageLoader(browser.env);
    const [a, b, c] = [image('a'), image('b'), image('c')];
    browser.near.add(a.element);
    loader.observe(a.target);
    loader.observe(b.target);
    expect(a.statuses).toEqual(['entered', 'loading']);
    expect(b.statuses).toEqual([]);
    browser.near.add(b.element);
    browser.scroll();
    expect(b.statuses).toEqual(['entered', 'loading']);
    loader.observe(c.target);
    expect(browser.timers.map((t) => t.ms)).toEqual([10_000]);
    browser.timers[0]?.callback();
    expect(c.statuses).toEqual(['entered', 'loading']);
  });
});
