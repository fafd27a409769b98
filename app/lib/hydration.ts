import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the page has hydrated: set by the root layout's first effect (root.tsx), so a component that mounts from then
 * on is rendered by the browser, not matched to the server's HTML.
 *
 * Not `useSyncExternalStore` with a server snapshot of its own: after hydration React re-renders every such component
 * whose two snapshots differ synchronously, in the task that runs the page's effects (on the home page ~10 of them,
 * ~50 ms of a phone's main thread at once). Here the change comes as a transition, in slices.
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
 * from a transition, and again whenever `subscribe`'s listener is told. `useSyncExternalStore` with a server snapshot
 * would re-render synchronously after hydration wherever the two differ, with every passive effect of the page flushed
 * before it (see above). `subscribe` and `read` are module-level functions (their identity is the effect's key).
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
