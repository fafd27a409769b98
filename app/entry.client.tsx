import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isRouteErrorResponse } from 'react-router';
import { HydratedRouter } from 'react-router/dom';
import { installChunkErrorRecovery, setChunkFailure } from './lib/chunk-reload.ts';
import { captureEarlyErrors, reportError } from './lib/error-reporting.ts';

// First: errors from the very first moments are kept until the error reporting SDK is loaded (ADR 017).
captureEarlyErrors();
installChunkErrorRecovery((error) => {
  reportError(error, { chunk: 'failed-twice' });
  setChunkFailure(error);
});

// Clicks to prerendered pages load their payload files (ADR 028): set up when the browser is idle after the load (a
// click before that goes the router's way, answered as well), so it adds nothing to the page's first scripts.
const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 2000));
whenIdle(
  () =>
    void import('./lib/payloads.ts')
      .then(({ installPayloads }) => installPayloads())
      .catch((error: unknown) => console.info('payload files unavailable', error)),
);

/**
 * First uses that cost a phone several milliseconds each, made in tasks of their own before hydration, so they are
 * not added to hydration's longest tasks (issue #40; measured with a 4× slower CPU): the first reading of session
 * storage (React Router's view transitions, then the scroll positions) 5–19 ms, of local storage (the selection)
 * 4–6 ms, each opening the storage in the browser, and of the cookies (the selection, the consent) 2–5 ms; and the
 * history entry's index, which React Router writes with `replaceState` (up to 16 ms) while it creates the router
 * inside hydration's first render when the entry has none: the same `{ ...state, idx: 0 }` it would write, so it
 * finds one.
 */
const WARM_UPS: (() => void)[] = [
  () => void sessionStorage.getItem('remix-router-transitions'),
  () => void localStorage.length,
  () => void document.cookie,
  () => {
    const state: unknown = window.history.state;
    const entry = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
    if (entry.idx == null) window.history.replaceState({ ...entry, idx: 0 }, '');
  },
];

/** The next task: `scheduler.yield()` where there is one, else a message (not a timer: hidden tabs throttle those). */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
};

async function hydrate(): Promise<void> {
  for (const warmUp of WARM_UPS) {
    await nextTask();
    try {
      warmUp();
    } catch {
      // Storage refused (a private mode, a policy): the code that reads it has its own fallback.
    }
  }
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter
          onError={(error, { errorInfo }) => {
            // Render errors caught by an error boundary (loader errors are the server's to report; 4xx are not errors).
            if (errorInfo && !isRouteErrorResponse(error)) reportError(error, { boundary: 'route' });
          }}
        />
      </StrictMode>,
    );
  });
}

void hydrate();
