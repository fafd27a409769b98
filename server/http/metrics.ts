import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackAddress, type Config } from '../config.ts';
import type { Services } from '../services.ts';
import { answerMetricsRequests, gatherMetrics, isClusterWorker } from '../cluster.ts';
import { mergeMetrics, processLines } from './metrics-merge.ts';

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

/**
 * `GET /metrics`: Prometheus text (the lead pipeline's counters and outbox gauges, the experiment event store's, the
 * flag streams', admission's (503s by reason, slots, queue), the page cache's, the CRM adapters'), never cached. With several server processes (ADR 036) the one
 * that takes the scrape answers for all of them (server/http/metrics-merge.ts), with `server_processes` saying how
 * many answered.
 */
export function registerMetricsRoute(app: FastifyInstance, opts: { services: Services; config: Config; more?: Array<() => string | Promise<string>> }): void {
  const { services, config } = opts;
  const render = async () => {
    const more = (await Promise.all((opts.more ?? []).map((part) => part()))).join('');
    return (await services.leads.renderMetrics()) + services.events.renderMetrics() + more;
  };
  const worker = isClusterWorker();
  if (worker) answerMetricsRequests(render);
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metricsAllowed(request, config.METRICS_TOKEN)) return reply.code(403).send({ detail: 'Metrics are not public.' });
    let text: string;
    if (worker) {
      const all = await gatherMetrics();
      // The primary did not answer in time: this process's own figures, and the others counted as missing.
      text = all ? mergeMetrics(all.texts) + processLines(all.texts.length, all.missing) : (await render()) + processLines(1, Number.NaN);
    } else text = (await render()) + processLines(1, 0);
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(text);
  });
}
