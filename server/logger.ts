import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * Structured JSON logs (pino). Personal data never reaches them: headers that carry identity are
 * redacted, and request logs carry the path without its query string (forms never put data in URLs,
 * but tracking links sometimes carry e-mails).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrftoken"]',
        'res.headers["set-cookie"]',
        '*.phone',
        '*.email',
        '*.name',
        '*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string; headers?: Record<string, unknown> }) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id, ua: request.headers?.['user-agent'] };
      },
    },
    ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } } } : {}),
  };
}
