import { useMatches } from 'react-router';

/**
 * A route whose page has a bar fixed to the bottom of a phone's screen (the lot's request bar, the filter's button)
 * declares `handle = { bottomBar: true }`. The document then says so on `<html data-has-bottom-bar>` from the
 * server's first byte, and app.css keeps the page's end and keyboard focus clear of the bar. Not a `:has()` rule on
 * `<body>`: Chromium restyles every element of the page when the parser meets the element such a rule looks for,
 * which cost the filter page a second full style pass (~40–60 ms here) before its first paint.
 */
export type BottomBarHandle = { bottomBar?: boolean };

/** Whether the page shows such a bar: a route that declares one and rendered its page (not its error). */
export function useBottomBar(): boolean {
  return useMatches().some((match) => (match.handle as BottomBarHandle | undefined)?.bottomBar === true && match.loaderData !== undefined);
}
