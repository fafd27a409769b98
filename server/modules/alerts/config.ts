import { z } from 'zod';
import { envMeta, secret } from '../../lib/env.ts';

/** The demo's key for alert links (ADR 021): fine on a developer's machine, refused by a production server beyond loopback. */
export const DEMO_ALERTS_SECRET = 'severnaya-liniya-alerts-demo-key';

/**
 * Whether alerts can work at all: their confirmation and digests go by e-mail over SMTP_URL. Without it nothing can
 * be confirmed, so the forms are not offered and `POST /api/alerts/` answers 503 (no address is stored for nothing).
 */
export const alertsByMail = (config: { SMTP_URL?: string | undefined }): boolean => Boolean(config.SMTP_URL);

/** Alerts without an account (ADR 021): saved searches and followed lots, confirmed by e-mail, digests over SMTP_URL. */
export const alertsConfigSchema = z
  .object({
    ALERTS_SECRET: secret(16)
      .default(DEMO_ALERTS_SECRET)
      .meta(envMeta({ defaultText: 'the demo key', production: 'required: the demo default is refused', secret: true }))
      .describe('HMAC key of the confirm and unsubscribe links in alert e-mails.'),
    ALERTS_EMAIL_FROM: z
      .string()
      .min(3)
      .optional()
      .meta(envMeta({ example: 'Severnaya Liniya <alerts@example.ru>', defaultText: '`LEADS_EMAIL_FROM`' }))
      .describe('Sender of alert e-mails (confirmations, digests), sent over SMTP_URL.'),
    ALERTS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000).describe('How often (ms) the alert digest job looks for due work.'),
    ALERTS_LEASE_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(3_600_000)
      .default(60_000)
      .describe("How long (ms) a digest stays claimed by a worker: a killed worker's claim expires after this."),
    ALERTS_IP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10).describe('Alert subscriptions per client IP per 10 minutes.'),
  })
  .meta({ title: 'Alerts' })
  .describe('Saved searches and followed lots without an account, confirmed by e-mail, digests over SMTP_URL (server/modules/alerts/, ADR 021).');
