import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * False on the server and during hydration, true after: controls that only work with JavaScript (slider
 * thumbs, copy buttons) appear once they can work, and the no-JavaScript fallbacks are what crawlers see.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
