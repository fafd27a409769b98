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
