import { useCallback, useEffect, useState } from 'react';
import { AUCTION_POLL_MS, type AuctionView } from '#core/auctions/auction.ts';
import { useApi } from '#app/lib/api.ts';

/**
 * The clock of a page's countdowns: the server's instant until the page has hydrated (so the first render in
 * the browser is the server's, without a mismatch), then the browser's, ticking every second.
 */
export function useTicking(serverNow: string): number {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}

/** Runs `refresh` every AUCTION_POLL_MS while the page is visible, and at once when it becomes visible again. */
function usePolling(refresh: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const tick = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(tick, AUCTION_POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [enabled, refresh]);
}

/** A value from the loader, replaced by polls; new loader data (another page, a post) starts it afresh. */
function useLoaderState<T>(initial: T): [T, (value: T) => void] {
  const [state, setState] = useState({ initial, value: initial });
  if (state.initial !== initial) setState({ initial, value: initial });
  const set = useCallback((value: T) => setState((current) => ({ ...current, value })), []);
  return [state.initial !== initial ? initial : state.value, set];
}

/** One auction, kept live by polling `/api/auction/{id}/` after hydration; `refresh` asks at once (after a bid). */
export function useLiveAuction(initial: AuctionView): { auction: AuctionView; refresh: () => void } {
  const api = useApi();
  const [auction, setAuction] = useLoaderState(initial);
  const refresh = useCallback(() => {
    api<{ auction: AuctionView }>(`/api/auction/${initial.id}/`).then(
      (answer) => setAuction(answer.auction),
      () => {
        // A missed poll is retried at the next tick; the page keeps the last state it had.
      },
    );
  }, [api, initial.id, setAuction]);
  usePolling(refresh, initial.status !== 'ended');
  return { auction, refresh };
}

export type AuctionListsView = { live: AuctionView[]; scheduled: AuctionView[]; ended: AuctionView[] };

/** The informer's lists, kept live by polling `/api/auction_informer/`. */
export function useLiveAuctionLists(initial: AuctionListsView): AuctionListsView {
  const api = useApi();
  const [lists, setLists] = useLoaderState(initial);
  const refresh = useCallback(() => {
    api<AuctionListsView>('/api/auction_informer/').then(
      (answer) => setLists({ live: answer.live, scheduled: answer.scheduled, ended: answer.ended }),
      () => {},
    );
  }, [api, setLists]);
  usePolling(refresh, initial.live.length + initial.scheduled.length > 0);
  return lists;
}
