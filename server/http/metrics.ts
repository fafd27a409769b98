import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackAddress, type Config } from '../config.ts';
import type { Services } from '../services.ts';

/**
 * Who may read /metrics. With METRICS_TOKEN: the bearer token, compared in constant time. Without it: a
 * client on this machine, judged by the socket itself (request.ip follows X-Forwarded-For when a proxy is
 * trusted); a request that came through a proxy (it carries forwarding headers) is not local.
 */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const digest = (value: string) => createHash('sha256').update(value).digest();
    return given !== '' && timingSafeEqual(digest(given), digest(token));
  }
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopbackAddress(request.socket.remoteAddress);
}

/** `GET /metrics`: Prometheus text (the lead pipeline's counters and outbox gauges, the experiment event store's, the flag streams', the CRM adapters'), never cached. */
export function registerMetricsRoute(app: FastifyInstance, opts: { services: Services; config: Config; more?: Array<() => string | Promise<string>> }): void {
  const { services, config } = opts;
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metricsAllowed(request, config.METRICS_TOKEN)) return reply.code(403).send({ detail: 'Metrics are not public.' });
    const more = (await Promise.all((opts.more ?? []).map((render) => render()))).join('');
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send((await services.leads.renderMetrics()) + services.events.renderMetrics() + more);
  });
}
