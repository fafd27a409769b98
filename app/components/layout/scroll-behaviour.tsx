import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import { hashTarget, smoothScrollTo, throttle } from '#app/lib/scroll.ts';

const STORAGE_KEY = 'scroll-positions';
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Routes that manage their own scroll position declare `handle = { noScroll: true }`. */
export type ScrollHandle = { noScroll?: boolean };

/**
 * The Nuxt router's scroll rules (REFERENCE "Routing"): back/forward restores the saved position; a new
 * page goes to the hash element (offset by its scroll-margin-top) or the top; a new hash on the same page
 * scrolls smoothly to it, a removed hash to the top; a route may opt out with `noScroll`.
 */
export function ScrollBehaviour() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const previous = useRef<{ pathname: string; hash: string; search: string } | null>(null);
  const positions = useRef<Record<string, number>>({});

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    try {
      positions.current = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions.current = {};
    }
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // storage full or disabled: positions live for this page only
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useEffect(() => {
    const key = location.key;
    const onScroll = throttle(() => {
      positions.current[key] = window.scrollY;
    }, 100);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [location.key]);

  useIsomorphicLayoutEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, hash: location.hash, search: location.search };
    if (!before) return; // the first render keeps the browser's own position
    const noScroll = matches.some((match) => (match.handle as ScrollHandle | undefined)?.noScroll);
    const samePage = before.pathname === location.pathname && before.search === location.search;

    if (navigationType === 'POP' && positions.current[location.key] !== undefined) {
      window.scrollTo(0, positions.current[location.key]!);
      return;
    }
    if (samePage) {
      if (location.hash === before.hash) return;
      const top = location.hash ? hashTarget(location.hash) : 0;
      if (top !== null) smoothScrollTo(top);
      return;
    }
    if (noScroll) return;
    const top = hashTarget(location.hash);
    if (top !== null) smoothScrollTo(top);
    else window.scrollTo(0, 0);
  }, [location.key]);

  return null;
}
