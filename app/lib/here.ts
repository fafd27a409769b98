import { useLocation } from 'react-router';

/**
 * The page's own address (path and query) written the same way by the server and the browser. React Router's server
 * re-encodes the query through `URLSearchParams` (`?rooms=1,2` becomes `?rooms=1%2C2`) while the browser keeps the
 * address bar's, so HTML carrying it would otherwise differ between hydration and a part rendered later.
 */
export function useHere(): string {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search).toString();
  return query ? `${pathname}?${query}` : pathname;
}
