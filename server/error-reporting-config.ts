import { z } from 'zod';
import { DEFAULT_REPLAYS_ON_ERROR_SAMPLE_RATE, DEFAULT_REPLAYS_SESSION_SAMPLE_RATE, DEFAULT_TRACES_SAMPLE_RATE, dsnOrigin } from '#core/errors/sentry.ts';
import { envMeta, sampleRate } from './lib/env.ts';

/** Error reporting with the Sentry SDK (server/error-reporting.ts; the browser's settings in server/http/ssr.ts; ADR 017). */
export const errorReportingConfigSchema = z
  .object({
    SENTRY_DSN: z
      .string()
      .refine((value) => dsnOrigin(value) !== null, 'must be a DSN like https://publicKey@host/projectId')
      .optional()
      .meta(envMeta({ example: 'https://publicKey@errors.example.ru/1' }))
      .describe('Where errors are reported, proto://publicKey@host[:port]/[path/]projectId; off without it (nothing loaded, nothing in the CSP).'),
    SENTRY_ENVIRONMENT: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta(envMeta({ example: 'production', defaultText: '`NODE_ENV`' }))
      .describe('The environment the reports are filed under.'),
    SENTRY_TRACES_SAMPLE_RATE: sampleRate
      .default(DEFAULT_TRACES_SAMPLE_RATE)
      .describe('Share of page loads, navigations and server requests traced (spec §9: 0.2).'),
    SENTRY_REPLAYS_SESSION_SAMPLE_RATE: sampleRate
      .default(DEFAULT_REPLAYS_SESSION_SAMPLE_RATE)
      .describe('Share of visits recorded by session replay, all text and inputs masked (spec §9: 0.01); tests force 1.'),
    SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: sampleRate
      .default(DEFAULT_REPLAYS_ON_ERROR_SAMPLE_RATE)
      .describe('Share of the other visits whose replay is kept when an error happens (buffered meanwhile; 0 stops buffering).'),
  })
  .meta({ title: 'Error reporting' })
  .describe(
    'The Sentry SDK (ADR 017): server errors (API 5xx, page errors), browser errors, failed API calls (404/403 as warnings), traces and session replay. The browser loads the SDK after the page is interactive (server/error-reporting.ts, server/http/ssr.ts).',
  );
