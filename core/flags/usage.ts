/**
 * Which features a server render evaluates (their values may differ per visitor): the page cache keys a page that
 * evaluated one by the visitor's value of it (server/http/page-cache.ts). The server sets the listener once; in the
 * browser there is none and this costs a look-up. The listener lives on `globalThis` because the page build bundles
 * its own copy of this module beside the server's.
 */
const SLOT = Symbol.for('site.featureUsed');
type Slot = { [SLOT]?: ((key: string) => void) | null };

export function onFeatureUsed(next: ((key: string) => void) | null): void {
  (globalThis as Slot)[SLOT] = next;
}

export function featureUsed(key: string): void {
  (globalThis as Slot)[SLOT]?.(key);
}
