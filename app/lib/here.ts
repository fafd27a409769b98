import { useLocation } from 'react-router';

/**
 * The page's own address (path and query) written the same way by the server and by the browser, for the HTML that
 * carries it (a form's way back, a reload link). React Router's server rewrites the query through `URLSearchParams`
 * (it removes its own `index` parameter), so `?rooms=1,2` is `?rooms=1%2C2` there, while the browser keeps what the
 * address bar has: the hydrated page and a part rendered later (app/lib/deferred.tsx) would disagree.
 */
export function useHere(): string {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search).toString();
  return query ? `${pathname}?${query}` : pathname;
}
