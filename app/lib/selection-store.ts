import { useCallback, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { COOKIES, writeDocumentCookie } from '#core/http/cookies.ts';
import {
  SELECTION_STORAGE_KEY,
  applySelectionChange,
  parseSelectionIds,
  readSelectionCookie,
  serializeSelectionIds,
  type SelectionChange,
} from './selection.ts';

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: string[] | null = null;
const NO_IDS: string[] = [];

function readStorage(): string[] | null {
  try {
    const raw = window.localStorage.getItem(SELECTION_STORAGE_KEY);
    return raw === null ? null : parseSelectionIds(raw);
  } catch {
    return null;
  }
}

function persist(ids: readonly string[]): void {
  writeDocumentCookie(COOKIES.selection, serializeSelectionIds(ids));
  try {
    window.localStorage.setItem(SELECTION_STORAGE_KEY, serializeSelectionIds(ids));
  } catch {
    // private mode or full storage: the cookie still carries the selection
  }
}

/**
 * The cookie wins when it exists (a no-JavaScript form may have changed it); when it has gone (cleared,
 * expired) the copy in localStorage brings it back.
 */
function read(): string[] {
  const fromCookie = readSelectionCookie(document.cookie);
  if (fromCookie) return fromCookie;
  const fromStorage = readStorage();
  if (fromStorage?.length) persist(fromStorage);
  return fromStorage ?? [];
}

function emit(): void {
  for (const listener of listeners) listener();
}

function refresh(): void {
  const next = read();
  if (snapshot && serializeSelectionIds(next) === serializeSelectionIds(snapshot)) return;
  snapshot = next;
  emit();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== SELECTION_STORAGE_KEY) return;
  // Another tab changed it: its write reached the shared cookie too.
  refresh();
}

function subscribe(listener: Listener): () => void {
  if (!listeners.size) {
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', refresh);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', refresh);
    }
  };
}

function getSnapshot(): string[] {
  snapshot ??= read();
  // An empty selection is the server's own array: hydration then has nothing to render again.
  return snapshot.length ? snapshot : NO_IDS;
}

export function changeSelection(change: SelectionChange): string[] {
  const next = applySelectionChange(getSnapshot(), change);
  persist(next);
  snapshot = next;
  emit();
  return next;
}

/**
 * What the server read from the cookie: only /selection returns it (`selectionIds`; a private page). Every other page
 * renders the empty selection, the same for every visitor, and fills its count and hearts once hydrated.
 */
function useServerIds(): string[] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { selectionIds?: unknown } | undefined;
    if (data && Array.isArray(data.selectionIds)) return data.selectionIds as string[];
  }
  return NO_IDS;
}

/**
 * The selection for components: what the server rendered with while rendering on the server and hydrating (so
 * the markup matches: none, except on /selection), then the live store from the cookie.
 */
export function useSelection() {
  const serverIds = useServerIds();
  const ids = useSyncExternalStore(subscribe, getSnapshot, () => serverIds);
  const has = useCallback((id: string) => ids.includes(id), [ids]);
  return { ids, has, change: changeSelection };
}
