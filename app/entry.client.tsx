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
