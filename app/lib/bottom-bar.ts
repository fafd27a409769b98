import { useMatches } from 'react-router';

/**
 * A route whose page has a bar fixed to the bottom of a phone's screen declares `handle = { bottomBar: true }`; the
 * document then carries `<html data-has-bottom-bar>` from the first byte, and app.css keeps content and focus clear of
 * the bar. Not a `:has()` rule on `<body>`: Chromium restyles the whole page when the parser meets its subject.
 */
export type BottomBarHandle = { bottomBar?: boolean };

/** Whether the page shows such a bar: a route that declares one and rendered its page (not its error). */
export function useBottomBar(): boolean {
  return useMatches().some((match) => (match.handle as BottomBarHandle | undefined)?.bottomBar === true && match.loaderData !== undefined);
}
