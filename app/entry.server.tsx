import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { iconSymbols } from './components/ui/icon-paths.ts';
import { SpriteSymbols } from './components/ui/icon.tsx';
import { appContext } from './lib/context.server.ts';
import { deferredPartsReady } from './lib/deferred.tsx';
import { deferHydrationStream } from './lib/defer-hydration.server.ts';
import { NonceContext } from './lib/nonce.tsx';
import { StaticPartData } from './lib/static-part.tsx';

export { createLoadContext } from './lib/context.server.ts';
/**
 * The server takes the request handler from here too, so it checks the context against the `RouterContextProvider`
 * that `createLoadContext` makes: in development Vite loads React Router's development build for the app while the
 * server's own import gets the production one — two classes, and every page was a 500 "Invalid context value".
 */
export { createRequestHandler } from 'react-router';

export const streamTimeout = 5_000;

/** The icons' symbols, which the root layout's sprite carries in every page (the browser has no copy). */
const SPRITE = iconSymbols();

/** Unexpected loader, action and render errors (not thrown responses such as 404) go to error reporting. */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  if (request.signal.aborted) return;
  console.error(error);
  // The path only: a GET form's query may carry what a visitor typed.
  const url = new URL(request.url);
  context.get(appContext).reporter?.captureException(error, { request: { url: url.pathname, method: request.method } });
}

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  // The parts whose code the browser loads later are rendered in place, like the rest (app/lib/deferred.tsx).
  await deferredPartsReady();
  const { nonce, staticData } = loadContext.get(appContext);
  // Crawlers get the whole page at once; people get the shell first and the rest streamed.
  const userAgent = request.headers.get('user-agent');
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <SpriteSymbols value={SPRITE}>
          <StaticPartData value={staticData ?? null}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </StaticPartData>
        </SpriteSymbols>
      </NonceContext>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              timeout = undefined;
              callback();
            },
          });
          headers.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          // The page's code loads after the page (app/lib/defer-hydration.server.ts).
          resolve(new Response(createReadableStreamFromReadable(body.pipe(deferHydrationStream())), { headers, status }));
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
