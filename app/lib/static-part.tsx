import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { loadOnServer } from './deferred.tsx';
import { withLaterMessages } from './later-messages.ts';

/**
 * Parts of a page that do nothing in the browser (ADR 043): sections of cards, texts and links. The server renders
 * them like any other part; a browser that loads the page keeps their HTML as it came and never renders them, so
 * their data is not in the page's hydration data, hydration does not walk them, and their code is not in the page's
 * first load. A page the browser renders itself (a move to it in the page, whose data request carries their data)
 * loads their code and renders them as any component.
 *
 * A module of sections (`staticSections(() => import('./x.tsx'))`) exports one component per section, each taking
 * `data`; the loader hands each section's data to `staticParts` (static-part.server.ts) under the same name. On a
 * document request the data is kept for the server's render only; on a data request it is returned as usual.
 */

/** What the loaders set aside for this document's render (server only; null in the browser). */
const ServerData = createContext<ReadonlyMap<string, unknown> | null>(null);
export const StaticPartData = ServerData.Provider;

/** The element's content is the server's: React neither hydrates nor changes it. */
const KEEP_SERVER_HTML = { __html: '' };

/** A section component of a module of sections. */
type SectionComponent = (props: { data: never }) => ReactNode;
type DataOf<C> = C extends (props: { data: infer D }) => ReactNode ? D : never;

/** Whether a revalidation for parts React rendered in the browser without data is under way (one for all). */
let revalidating = false;

export function staticSections<M extends Record<string, SectionComponent>>(page: string, importer: () => Promise<M>) {
  let sections: M | null = null;
  let loading: Promise<M> | null = null;
  const load = (): Promise<M> =>
    (loading ??= withLaterMessages(importer)().then(
      (loaded) => (sections = loaded),
      (error: unknown) => {
        // Offline, a deploy: the next render tries again.
        loading = null;
        throw error;
      },
    ));
  // The server renders the sections in place: their code is there before it renders.
  loadOnServer(load);

  return function StaticPart<K extends keyof M & string>({ name, data }: { name: K; data: DataOf<M[K]> | undefined }) {
    const id = `${page}.${name}`;
    const server = use(ServerData);
    const navigate = useNavigate();
    const revalidator = useRevalidator();
    // `null` is data too (a section with nothing to show): only an absent field is a document's kept part.
    const value = data !== undefined ? data : (server?.get(id) as DataOf<M[K]> | undefined);
    // The callbacks of the kept element's ref stay the same across renders (a new one would run the ref again).
    const router = useRef({ navigate, revalidator });
    router.current = { navigate, revalidator };
    const revalidated = useRef(false);
    // Kept from the server's HTML: its links are plain links, so a plain left click on one of the router's goes
    // through the router, as the `<Link>` it was would (a keyboard's Enter on a link is a click too). Rendered by the
    // browser with no data: the server's HTML is not there (React rendered the page anew after a failed hydration),
    // so the router's data request brings every part's data.
    const adopt = useCallback((element: HTMLDivElement | null) => {
      if (!element) return;
      // The server's element carries `data-static` (React keeps the attributes it finds when hydrating); one React
      // made in the browser does not.
      if (!element.hasAttribute('data-static') && !revalidated.current && !revalidating) {
        revalidated.current = true;
        revalidating = true;
        void router.current.revalidator.revalidate().finally(() => (revalidating = false));
      }
      const follow = (event: MouseEvent) => {
        const link = routerLink(event, element);
        if (!link) return;
        event.preventDefault();
        const url = new URL(link.href);
        void router.current.navigate(url.pathname + url.search + url.hash);
      };
      element.addEventListener('click', follow);
      return () => element.removeEventListener('click', follow);
    }, []);
    // Mounted over the server's HTML (hydrating, or a failed hydration's empty element): data that comes later (a
    // revalidation after a form was sent) swaps the section in once its code is here, never suspending the page.
    const [keptAtMount] = useState(() => value === undefined);
    const [, codeArrived] = useState(false);
    const waitsForCode = value !== undefined && sections === null && keptAtMount;
    useEffect(() => {
      if (waitsForCode)
        load().then(
          () => codeArrived(true),
          () => {},
        );
    }, [waitsForCode]);
    if (value !== undefined && !waitsForCode) {
      // Rendered by the browser from the start (a move to the page, a transition: the page it leaves stays until the
      // sections' code is here), or on the server, which has it already.
      const Section = (sections ?? use(load()))[name] as unknown as (props: { data: DataOf<M[K]> }) => ReactNode;
      return (
        <div key="rendered" className="contents" data-static={id}>
          <Section data={value} />
        </div>
      );
    }
    // Keyed apart from the rendered form: data that comes later (a revalidation) replaces this element, not its content.
    return <div key="kept" ref={adopt} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
  };
}

/** A plain left click on a router link to a page of this site in this window: what `<Link>` would take over. */
function routerLink(event: MouseEvent, within: Element): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  // `<Link>` marks its anchors `data-discover`; a document link (`reloadDocument`, another site) has no mark.
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href][data-discover]') : null;
  if (!link || !within.contains(link) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  return new URL(link.href).origin === window.location.origin ? link : null;
}
