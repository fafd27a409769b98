/**
 * Spec §4/§8: when a lazily loaded chunk fails (usually a new deploy removed it), reload the page,
 * but not the same path again within 10 seconds, so a truly broken chunk cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload';
export const CHUNK_RELOAD_GUARD_MS = 10_000;

export function shouldReload(path: string, stored: string | null, now: number): boolean {
  if (!stored) return true;
  try {
    const last = JSON.parse(stored) as { path?: string; expires?: number };
    return !(last.path === path && typeof last.expires === 'number' && last.expires > now);
  } catch {
    return true;
  }
}

export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const path = window.location.pathname + window.location.search;
    const now = Date.now();
    if (!shouldReload(path, sessionStorage.getItem(CHUNK_RELOAD_KEY), now)) return;
    event.preventDefault();
    sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path, expires: now + CHUNK_RELOAD_GUARD_MS }));
    window.location.reload();
  });
}
