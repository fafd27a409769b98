import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the page has hydrated: set by the root layout's first effect (root.tsx), so a component that mounts from then
 * on is rendered by the browser, not matched to the server's HTML.
 *
 * Not `useSyncExternalStore` with a server snapshot: React re-renders every component whose snapshots differ
 * synchronously, in the same task as the page's effects. Here the change comes as a transition, in slices.
 */
let hydrated = false;
// Hence no `useHydrated` and no deferred part inside a `<Suspense>` boundary present at hydration: React hydrates those
// boundaries after the root's commit, when the flag already says "hydrated".

export function markHydrated(): void {
  hydrated = true;
}

export const isHydrated = (): boolean => hydrated;

/**
 * False on the server and during hydration, true after: controls that only work with JavaScript (slider thumbs, copy
 * buttons) appear once they can work, and the no-JavaScript fallbacks are what crawlers see.
 */
export const useHydrated = (): boolean => useBrowserValue(unchanging, always, false);

const unchanging = () => () => {};
const always = () => true;

/**
 * A value only the browser knows (a cookie, a media query): `server` on the server and while hydrating, then `read()`
 * in a transition, and again whenever `subscribe`'s listener is told (not `useSyncExternalStore`: see above).
 * `subscribe` and `read` must be module-level functions: their identity is the effect's key.
 */
export function useBrowserValue<T>(subscribe: (listener: () => void) => () => void, read: () => T, server: T): T {
  const [value, setValue] = useState(() => (hydrated ? read() : server));
  useEffect(() => {
    const update = () => setValue(read());
    startTransition(update);
    return subscribe(update);
  }, [subscribe, read]);
  return value;
}
