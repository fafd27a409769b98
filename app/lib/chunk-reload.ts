/**
 * Spec §4/§8, REFERENCE "chunk errors": when a lazily loaded chunk fails (usually a deploy removed it), the
 * navigation's TARGET is loaded as a full page — but the same path not twice within CHUNK_RELOAD_GUARD_MS
 * (kept in sessionStorage), so a truly broken chunk shows the error page instead of looping.
 *
 * Handled in three places:
 * - a route module in a client navigation: React Router reloads the page being left (losing the click); the
 *   Navigation API's `navigate` event cancels that reload and loads the target instead;
 * - an `import()` of our own code: Vite's cancelable `vite:preloadError`;
 * - an error that reached a boundary anyway: the error page calls `recoverFromChunkError`.
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

/** The messages browsers give a failed dynamic import or module preload (Chromium, Firefox, Safari, Vite). */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** A route's code that could not be loaded twice within the guard window: shown by the error boundary. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  readonly path: string;
  constructor(path: string) {
    super(`Loading chunk for ${path} failed`);
    this.path = path;
  }
}

type PendingLocation = { pathname: string; search: string; hash: string };
type RouterLike = { state: { navigation: { location?: PendingLocation } } };

/** Where the router is going (a client navigation in progress), or null. */
function pendingTarget(): string | null {
  const router = (window as unknown as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
  const next = router?.state.navigation.location;
  return next ? next.pathname + next.search + next.hash : null;
}

function currentPath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

/** Without the hash: `/a#x` and `/a` are the same page for the guard. */
function guardPath(path: string): string {
  const hashAt = path.indexOf('#');
  return hashAt >= 0 ? path.slice(0, hashAt) : path;
}

/** A full page load of `path`, unless the guard forbids it; false tells the caller to show the error instead. */
export function loadFully(path: string, now = Date.now()): boolean {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    // Storage refused (privacy mode): without the guard, never reload automatically.
    return false;
  }
  if (!shouldReload(guardPath(path), stored, now)) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path: guardPath(path), expires: now + CHUNK_RELOAD_GUARD_MS }));
  window.location.assign(path);
  return true;
}

/** From the error page: a chunk error that reached a boundary; the location is already the target's. */
export function recoverFromChunkError(error: unknown): boolean {
  // Our own ChunkLoadError is the guard's verdict already: it is shown, not retried.
  return !(error instanceof ChunkLoadError) && isChunkLoadError(error) && loadFully(currentPath());
}

type NavigateEventLike = Event & { navigationType?: string; cancelable: boolean };
type NavigationLike = { addEventListener(type: 'navigate', listener: (event: NavigateEventLike) => void): void };

/**
 * Installed once by entry.client. `onBlocked` is told when a route's chunk failed again within the window
 * (the app shows the error page).
 */
export function installChunkErrorRecovery(onBlocked: (error: ChunkLoadError) => void): void {
  window.addEventListener('vite:preloadError', (event) => {
    const target = pendingTarget() ?? currentPath();
    // Not prevented: Vite throws the error on, and the error boundary shows the error page.
    if (loadFully(target)) event.preventDefault();
  });
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    if (event.navigationType !== 'reload' || !event.cancelable) return;
    // A reload while the router is navigating elsewhere is React Router giving up on a route module.
    const target = pendingTarget();
    if (!target) return;
    event.preventDefault();
    if (!loadFully(target)) onBlocked(new ChunkLoadError(guardPath(target)));
  });
}

// The failure `onBlocked` hands to the app: the root renders it through its error boundary (useChunkFailure).
let blocked: ChunkLoadError | null = null;
const listeners = new Set<() => void>();

export function setChunkFailure(error: ChunkLoadError): void {
  blocked = error;
  for (const listener of listeners) listener();
}

export const chunkFailureStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): ChunkLoadError | null => blocked,
  getServer: (): ChunkLoadError | null => null,
};
