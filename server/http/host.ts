import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { sendBadRequest } from './api/errors.ts';
import { sendServerErrorPage } from './error-page.ts';

/** A host name (letters, digits, `-`, `_`, dots), an IPv4 address or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?\.?)(?::\d{1,5})?$/i;

/** Whether a `Host` (or forwarded host) names a host the server can make addresses of. */
export function isWellFormedHost(host: string): boolean {
  if (host.length > 255 || !HOST.test(host)) return false;
  const port = /:(\d+)$/.exec(host)?.[1];
  return (port === undefined || Number(port) <= 65535) && URL.canParse(`http://${host}/`);
}

/**
 * A request whose `Host` header (or, behind a trusted proxy, `X-Forwarded-Host`) is malformed is answered 400 before
 * any other work: pages and redirects make absolute addresses from it, and a host no URL can hold is the client's
 * error, not the server's. A request without one (HTTP/1.0, a load balancer's probe) goes on.
 */
export function registerHostCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.host;
    const host = request.host;
    const bad = (typeof header === 'string' && !isWellFormedHost(header)) || (typeof host === 'string' && host !== header && !isWellFormedHost(host));
    if (!bad) return;
    reply.header('connection', 'close');
    if (/^\/(api|img|sub|old)(\/|\?|$)/.test(request.url)) {
      return sendBadRequest(reply.header('cache-control', 'no-store'), 'headers', { host: ['Not a host name, IP address or port.'] });
    }
    return sendServerErrorPage(request, reply, 400, config.LOCALE_STRATEGY);
  });
}
