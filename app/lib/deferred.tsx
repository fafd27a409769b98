import { startTransition, use, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import type { FormSignature } from './deferred-swap.ts';
import { isHydrated } from './hydration.ts';
import { afterLoadIdle } from './idle.ts';
import { laterMessages } from './later-messages.ts';

/**
 * Parts of a page whose code is not in its first load (ADR 027). The server renders them like any other part, so
 * their HTML works before any script runs; hydration leaves that HTML alone until the part's code is asked for
 * (`load()`, a sign of use inside it, or — with `near` — coming within a screen of the viewport). The part then
 * replaces the server's HTML in one commit, carrying over what the visitor did meanwhile. Rendered after
 * hydration, it is an ordinary lazy component.
 *
 * Not a dehydrated Suspense boundary: React re-renders those from scratch on any update above them, which would
 * load every part right after hydration.
 */

const serverParts: (() => Promise<unknown>)[] = [];

/** The server renders every part at once (no streamed fallback): entry.server.tsx awaits this before rendering. */
export function deferredPartsReady(): Promise<unknown> {
  return Promise.all(serverParts.map((load) => load()));
}

/** Code the server must hold before it renders a page (a lazy module it renders in place: static-part.tsx too). */
export function loadOnServer(load: () => Promise<unknown>): void {
  if (isServer) serverParts.push(load);
}

const isServer = typeof document === 'undefined';
const loadSwap = () => import('./deferred-swap.ts');
let swap: Awaited<ReturnType<typeof loadSwap>> | null = null;
export type DeferredPart<P extends object> = {
  /** The part: the server's HTML until its code is loaded, then the component (in a `display: contents` element). */
  Part: ComponentType<P>;
  /** Loads the part's code (once; again after a failure). */
  load: () => Promise<void>;
};

export function deferredPart<P extends object>(importer: () => Promise<ComponentType<P>>, options: { near?: boolean } = {}): DeferredPart<P> {
  let Component: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = (): Promise<void> =>
    (loading ??= Promise.all([importer(), loadSwap(), laterMessages().catch(() => undefined)]).then(
      ([loaded, swapping]) => {
        swap = swapping;
        Component = loaded;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        // Offline, a deploy: the next sign of intent tries again; meanwhile the server's HTML keeps working.
        loading = null;
        throw error;
      },
    ));
  const prepare = () => {
    load().catch(() => {});
  };
  loadOnServer(load);

  function Part(props: P) {
    // Decided when the part mounts: over the server's HTML (hydrating), or rendered by the browser.
    const [overServerHtml] = useState(() => !isHydrated());
    const loaded = useSyncExternalStore(
      subscribe,
      () => Component,
      () => null,
    );
    const [container, setContainer] = useState<HTMLElement | null>(null);
    // The server's nodes, as hydration found them (before anything of the part's own is rendered in there).
    const serverNodes = useRef<ChildNode[] | null>(null);
    const adopt = useCallback((element: HTMLElement | null) => {
      if (element && !serverNodes.current) {
        serverNodes.current = [...element.childNodes];
        // Not the server's element: React rendered the page again in the browser (its hydration failed, e.g. on a
        // page a translation extension had rewritten). There is no HTML to keep: the part's code comes at once.
        if (!element.hasAttribute('data-part')) prepare();
      }
      // A transition: an update made during a commit is synchronous and would run every effect of the hydrated page
      // in the same long task.
      startTransition(() => setContainer(element));
    }, []);

    // The server's HTML shows the props it was rendered with: new ones (another page's topic, another language's
    // settings) need the part's code, at once.
    const first = useRef(props);
    useEffect(() => {
      if (overServerHtml && !Component && !shallowEqual(first.current, props)) prepare();
    });

    // Signs of use inside the server's HTML load the code. A router link clicked or a form sent there waits for it
    // and is replayed on the part's own link or form, so their handlers run instead of a full page load.
    const pendingClick = useRef<{ href: string; text: string } | null>(null);
    const pendingSubmit = useRef<FormSignature | null>(null);
    useEffect(() => {
      if (!container || loaded) return;
      const hold = (event: MouseEvent) => {
        const link = Component ? null : routerLink(event, container);
        if (!link) return;
        event.preventDefault();
        pendingClick.current = { href: link.getAttribute('href') ?? '', text: link.textContent ?? '' };
        load().catch(() => window.location.assign(link.href));
      };
      const holdSubmit = (event: SubmitEvent) => {
        const form = event.target;
        if (Component || event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
        event.preventDefault();
        pendingSubmit.current = formSignature(form);
        load().catch(() => form.submit());
      };
      for (const type of USE_EVENTS) container.addEventListener(type, prepare, { passive: true });
      container.addEventListener('click', hold);
      container.addEventListener('submit', holdSubmit);
      return () => {
        for (const type of USE_EVENTS) container.removeEventListener(type, prepare);
        container.removeEventListener('click', hold);
        container.removeEventListener('submit', holdSubmit);
      };
    }, [container, loaded]);

    useEffect(() => {
      if (!options.near || !container || Component) return;
      const target = container.firstElementChild;
      // Nothing shown by the server (no auction today): the part may have something to show later, so its code
      // comes when the page is idle.
      if (!target) return afterLoadIdle(prepare);
      if (typeof IntersectionObserver !== 'function') return prepare();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          prepare();
        },
        // Within a screen of the viewport: the code is there before the visitor is.
        { rootMargin: '100% 0px' },
      );
      observer.observe(target);
      return () => observer.disconnect();
    }, [container]);

    useLayoutEffect(() => {
      const old = serverNodes.current;
      if (!loaded || !container || !old?.length) return;
      // The part's own markup is in place now (after the server's): the server's goes, before the next paint.
      serverNodes.current = [];
      const fresh = [...container.childNodes].filter((node) => !old.includes(node));
      const counted = { focusable: 0 };
      const swapping = swap;
      const state = swapping ? old.flatMap((node) => swapping.visitorState(node, counted)) : [];
      for (const node of old) node.remove();
      swap?.restoreState(state, fresh);
      const click = pendingClick.current;
      pendingClick.current = null;
      if (click) {
        const link = swap?.findLink(fresh, click.href, click.text);
        // The part drew no such link (its data moved meanwhile, or it has not drawn yet): the visitor still goes where
        // they clicked, by a page load, rather than the click being lost.
        if (link) link.click();
        else window.location.assign(click.href);
      }
      const submit = pendingSubmit.current;
      pendingSubmit.current = null;
      if (submit) swap?.findForm(fresh, submit)?.requestSubmit();
    }, [loaded, container]);

    if (isServer || !overServerHtml) {
      // The server (the part's code is there: deferredPartsReady), or a part the browser renders: a lazy component.
      if (!Component) use(load());
      const Shown = Component!;
      return (
        <div className="contents" data-part="">
          <Shown {...props} />
        </div>
      );
    }
    return (
      <>
        <div ref={adopt} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
        {loaded && container ? createPortal(<PartOf component={loaded} props={props} />, container) : null}
      </>
    );
  }

  return { Part, load };
}

const USE_EVENTS = ['pointerover', 'touchstart', 'focusin', 'input', 'change'] as const;

/**
 * A plain left click in the server's HTML on one of the router's links (`<Link>` marks them `data-discover`) to a
 * page of this site in this window: what `<Link>` itself would take over once the part's code is in.
 */
function routerLink(event: MouseEvent, within: Element): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href][data-discover]') : null;
  if (!link || !within.contains(link) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  return new URL(link.href).origin === window.location.origin ? link : null;
}

function formSignature(form: HTMLFormElement): FormSignature {
  const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].filter((input) => input.name && input.value);
  return { action: form.getAttribute('action') ?? '', fields: hidden.map((input) => [input.name, input.value]) };
}

/** The element's content is the server's (React does not hydrate or change it), until the part replaces it. */
const KEEP_SERVER_HTML = { __html: '' };

function PartOf<P extends object>({ component: Component, props }: { component: ComponentType<P>; props: P }) {
  return <Component {...props} />;
}

function shallowEqual(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
