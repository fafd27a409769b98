/**
 * Lazy image loading (spec §4, §9). Each image goes through the vanilla-lazyload statuses:
 * `entered` / `exited` as it comes near the viewport and leaves it, then `loading` → `loaded` → `applied`
 * (or `error`, retried when the browser comes back online). Images are preloaded off-screen, at most
 * five at a time, and only handed to the page once decoded, so the swap from placeholder is instant.
 */

export type LazyStatus = 'loading' | 'loaded' | 'applied' | 'error' | 'entered' | 'exited';

/** Spec §9: visibility is checked 400 px above and below the viewport. */
export const LAZY_ROOT_MARGIN = '400px 0px';
/**
 * Spec §9: the lazy-load threshold. As in vanilla-lazyload, it becomes the observer's margin only when
 * the root margin is empty; with the spec's root margin it is the reach of the no-observer fallback.
 */
export const LAZY_THRESHOLD_PX = 50;
/** Spec §9: without IntersectionObserver, everything loads after this long. */
export const LAZY_FALLBACK_TIMEOUT_MS = 10_000;
/** Spec §9: at most five preloads in parallel. */
export const PRELOAD_CONCURRENCY = 5;

export type LazySource = { src: string; srcSet?: string | undefined; sizes?: string | undefined };
export type LazyTarget = { element: Element; source: LazySource; onStatus: (status: LazyStatus) => void };

/** What the loader needs from the browser, injectable so the state machine is testable without one. */
export type LoaderEnvironment = {
  IntersectionObserver: typeof IntersectionObserver | undefined;
  /** Resolves once the image is downloaded and decoded. */
  preload: (source: LazySource) => Promise<void>;
  onOnline: (listener: () => void) => () => void;
  /** Whether an element is within `px` of the viewport (the no-observer path). */
  isNear: (element: Element, px: number) => boolean;
  onScroll: (listener: () => void) => () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
};

export type LoaderOptions = { rootMargin?: string; thresholdPx?: number; fallbackTimeoutMs?: number; concurrency?: number };

export type ImageLoader = {
  /** Starts watching an image; the returned function stops (call it on unmount). */
  observe: (target: LazyTarget) => () => void;
};

type Entry = { target: LazyTarget; visible: boolean; state: 'idle' | 'queued' | 'loading' | 'done' | 'error' };

export function createImageLoader(env: LoaderEnvironment, options: LoaderOptions = {}): ImageLoader {
  const thresholdPx = options.thresholdPx ?? LAZY_THRESHOLD_PX;
  // vanilla-lazyload's rule: an empty root margin falls back to the threshold on every side.
  const rootMargin = (options.rootMargin ?? LAZY_ROOT_MARGIN) || `${thresholdPx}px`;
  const concurrency = options.concurrency ?? PRELOAD_CONCURRENCY;
  const entries = new Map<Element, Entry>();
  const queue: Entry[] = [];
  let active = 0;
  let fallbackExpired = false;

  const emit = (entry: Entry, status: LazyStatus) => entry.target.onStatus(status);

  const pump = () => {
    while (active < concurrency && queue.length > 0) start(queue.shift() as Entry);
  };

  const enqueue = (entry: Entry) => {
    entry.state = 'queued';
    queue.push(entry);
    pump();
  };

  const start = (entry: Entry) => {
    entry.state = 'loading';
    active += 1;
    emit(entry, 'loading');
    env
      .preload(entry.target.source)
      .then(
        () => {
          if (entries.get(entry.target.element) !== entry) return;
          entry.state = 'done';
          emit(entry, 'loaded');
          emit(entry, 'applied');
          // Nothing more to do for this one: stop paying for its visibility checks.
          stop(entry.target.element);
        },
        () => {
          if (entries.get(entry.target.element) !== entry) return;
          entry.state = 'error';
          emit(entry, 'error');
        },
      )
      .finally(() => {
        active -= 1;
        pump();
      });
  };

  const setVisible = (entry: Entry, visible: boolean) => {
    if (entry.visible === visible) return;
    entry.visible = visible;
    emit(entry, visible ? 'entered' : 'exited');
    if (visible && entry.state === 'idle') enqueue(entry);
    // Scrolled past before its turn came: give the slot to images still in view.
    if (!visible && entry.state === 'queued') {
      queue.splice(queue.indexOf(entry), 1);
      entry.state = 'idle';
    }
  };

  const observer = env.IntersectionObserver
    ? new env.IntersectionObserver(
        (records) => {
          for (const record of records) {
            const entry = entries.get(record.target);
            if (entry) setVisible(entry, record.isIntersecting);
          }
        },
        { rootMargin },
      )
    : undefined;

  const checkNear = () => {
    for (const entry of entries.values()) if (env.isNear(entry.target.element, thresholdPx)) setVisible(entry, true);
  };
  if (!observer) {
    env.onScroll(checkNear);
    env.setTimeout(() => {
      fallbackExpired = true;
      for (const entry of entries.values()) setVisible(entry, true);
    }, options.fallbackTimeoutMs ?? LAZY_FALLBACK_TIMEOUT_MS);
  }

  env.onOnline(() => {
    for (const entry of entries.values()) {
      if (entry.state !== 'error') continue;
      entry.state = 'idle';
      if (entry.visible) enqueue(entry);
    }
  });

  function stop(element: Element) {
    const entry = entries.get(element);
    if (!entry) return;
    entries.delete(element);
    observer?.unobserve(element);
    const queued = queue.indexOf(entry);
    if (queued >= 0) queue.splice(queued, 1);
  }

  return {
    observe(target) {
      stop(target.element);
      const entry: Entry = { target, visible: false, state: 'idle' };
      entries.set(target.element, entry);
      if (observer) observer.observe(target.element);
      else if (fallbackExpired || env.isNear(target.element, thresholdPx)) setVisible(entry, true);
      return () => {
        if (entries.get(target.element) === entry) stop(target.element);
      };
    },
  };
}

function browserEnvironment(): LoaderEnvironment {
  return {
    IntersectionObserver: typeof IntersectionObserver === 'undefined' ? undefined : IntersectionObserver,
    preload: ({ src, srcSet, sizes }) =>
      new Promise<void>((resolve, reject) => {
        const image = new Image();
        // Same sizes and srcset as the page's <img>, so the browser picks the same candidate and the
        // page then gets it from the memory cache.
        if (sizes) image.sizes = sizes;
        if (srcSet) image.srcset = srcSet;
        image.onload = () => image.decode().then(resolve, resolve);
        image.onerror = () => reject(new Error(`Image failed to load: ${src}`));
        image.src = src;
      }),
    onOnline: (listener) => {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
    isNear: (element, px) => {
      const rect = element.getBoundingClientRect();
      return rect.bottom >= -px && rect.top <= window.innerHeight + px;
    },
    onScroll: (listener) => {
      let pending = false;
      const throttled = () => {
        if (pending) return;
        pending = true;
        setTimeout(() => {
          pending = false;
          listener();
        }, 100);
      };
      window.addEventListener('scroll', throttled, { passive: true });
      window.addEventListener('resize', throttled, { passive: true });
      return () => {
        window.removeEventListener('scroll', throttled);
        window.removeEventListener('resize', throttled);
      };
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  };
}

let shared: ImageLoader | undefined;

/** The page's one loader, so the five-at-a-time limit holds across every image. Browser only. */
export function getImageLoader(): ImageLoader {
  shared ??= createImageLoader(browserEnvironment());
  return shared;
}
