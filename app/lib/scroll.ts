/** Spec §9: where the browser has no native smooth scrolling, animate for 500 ms in 15 ms steps. */
export const SMOOTH_SCROLL_MS = 500;
export const SMOOTH_SCROLL_STEP_MS = 15;

export function smoothScrollTo(top: number): void {
  if ('scrollBehavior' in document.documentElement.style) {
    window.scrollTo({ top, behavior: 'smooth' });
    return;
  }
  const start = window.scrollY;
  const steps = Math.ceil(SMOOTH_SCROLL_MS / SMOOTH_SCROLL_STEP_MS);
  let step = 0;
  const timer = window.setInterval(() => {
    step++;
    const progress = Math.min(step / steps, 1);
    const eased = 1 - (1 - progress) ** 3;
    window.scrollTo(0, start + (top - start) * eased);
    if (progress >= 1) window.clearInterval(timer);
  }, SMOOTH_SCROLL_STEP_MS);
}

/** The element a hash names, and where to scroll so it lands below its `scroll-margin-top`. */
export function hashTarget(hash: string): number | null {
  if (!hash || hash === '#') return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  const element = document.getElementById(id);
  if (!element) return null;
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return element.getBoundingClientRect().top + window.scrollY - margin;
}

export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    const now = Date.now();
    const wait = ms - (now - last);
    if (wait <= 0) {
      last = now;
      fn(...args);
    } else {
      clearTimeout(timer);
      timer = setTimeout(() => {
        last = Date.now();
        fn(...args);
      }, wait);
    }
  };
}
