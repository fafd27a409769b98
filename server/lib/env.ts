import { z } from 'zod';

/**
 * Helpers of the subsystems' environment schemas (server/config.ts composes them). Each variable carries its
 * `.describe()` text, and where the reference needs more, `.meta(envMeta)`: `npm run config:docs` writes
 * `.env.example` and docs/configuration.md from both.
 */

/** A boolean as the environment writes it: true/1/yes, false/0/no (empty is unset). */
export const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A probability: a share of events sampled, 0 to 1. */
export const sampleRate = z.coerce.number().min(0).max(1);

/** An http:// or https:// URL. */
export const httpUrl = () => z.url({ protocol: /^https?$/ });

/** A key or token: long enough to resist guessing. */
export const secret = (min: number) => z.string().min(min, `must be at least ${min} characters`);

/** The placeholder `.env.example` shows for secrets; a production server refuses it (server/config.ts). */
export const EXAMPLE_SECRET = 'change-me-to-a-long-random-string';

/** What the reference says of a variable beyond its description (all optional). */
export type EnvMeta = {
  /** The default in words, when it is not a fixed zod default (derived from another variable, random, per mode). */
  defaultText?: string;
  /** A value `.env.example` shows, commented out, instead of the default. */
  example?: string;
  /** What a production server listening beyond loopback asks of it (server/config.ts `serveProblems`). */
  production?: string;
  /** A key or token: a production server beyond loopback refuses `EXAMPLE_SECRET`. */
  secret?: true;
};

/** `.meta()` of a variable, typed: `z.string().optional().meta(envMeta({ example: '…' })).describe('…')`. */
export const envMeta = (meta: EnvMeta): EnvMeta => meta;
