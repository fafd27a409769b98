import { z } from 'zod';
import { bool, envMeta, httpUrl, secret } from '../../lib/env.ts';

/** Lead delivery (ADR 006): where requests go, how hard to retry, and the limits per client (server/jobs/, settings.ts). */
export const leadsConfigSchema = z
  .object({
    CRM_WEBHOOK_URL: httpUrl()
      .optional()
      .meta(envMeta({ example: 'https://crm.example.ru/hooks/leads' }))
      .describe(
        'CRM webhook receiving each lead POSTed as JSON, signed with CRM_WEBHOOK_SECRET: X-Lead-Signature: sha256=HMAC(secret, timestamp + "." + body) (docs/api.md).',
      ),
    CRM_WEBHOOK_SECRET: secret(16)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe('HMAC-SHA256 key of the CRM webhook signature.'),
    CRM_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000).describe('Timeout of one delivery attempt (ms), CRM and SMTP.'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .meta(envMeta({ example: 'smtps://leads:password@mail.example.ru:465' }))
      .describe('SMTP server for lead and alert e-mails, smtp:// or smtps://user:password@host:port (nodemailer).'),
    LEADS_EMAIL_TO: z
      .string()
      .regex(/^[^\s@,]+@[^\s@,]+(\s*,\s*[^\s@,]+@[^\s@,]+)*$/, 'must be one or more e-mail addresses separated by commas')
      .optional()
      .meta(envMeta({ example: 'sales@example.ru, manager@example.ru' }))
      .describe('Where lead e-mails go over SMTP_URL: one or more addresses separated by commas.'),
    LEADS_EMAIL_FROM: z.string().min(3).default('Severnaya Liniya site <no-reply@localhost>').describe('Sender of lead e-mails.'),
    LEADS_RETRY_BASE_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(3_600_000)
      .default(5_000)
      .describe('Delivery retries back off exponentially from this (ms) up to LEADS_RETRY_MAX_MS, until acknowledged.'),
    LEADS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(900_000).describe('The longest wait between delivery retries (ms).'),
    LEADS_POLL_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(600_000)
      .default(5_000)
      .describe('How often (ms) the delivery job looks for due deliveries besides being woken by new leads.'),
    LEADS_LEASE_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(3_600_000)
      .default(60_000)
      .describe('How long (ms) a delivery stays claimed by a worker: a worker killed mid-send frees it after this.'),
    LEADS_IP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10).describe('Leads per client IP per 10 minutes.'),
    LEADS_PHONE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5).describe('Leads per phone number per hour.'),
    PARTNER_BASIC_AUTH: z
      .string()
      .regex(/^[^:]+:.+$/, 'must be user:password')
      .optional()
      .meta(envMeta({ example: 'partner:secret' }))
      .describe('user:password: the partner-meeting endpoints and page ask for this basic auth.'),
    LEADS_FAULT_INJECTION: bool.default(false).describe('Tests only: the first submit of each lead named "Fault" fails, to exercise error views and retries.'),
  })
  .meta({ title: 'Leads' })
  .describe(
    'Where requests are delivered and how hard to retry (docs/decisions/006-lead-pipeline.md); without a CRM or SMTP, leads are stored only (npm run leads:export).',
  );

/** The proof-of-work challenge of the lead forms (settings.ts; ALTCHA format, self-hosted). */
export const captchaConfigSchema = z
  .object({
    CAPTCHA_MODE: z.enum(['off', 'auto', 'always']).default('auto').describe('off, auto (after CAPTCHA_AUTO_AFTER leads from one IP in an hour) or always.'),
    CAPTCHA_AUTO_AFTER: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(3)
      .describe('Leads from one IP in an hour after which auto asks for the proof of work.'),
    CAPTCHA_SECRET: secret(16)
      .optional()
      .meta(envMeta({ defaultText: 'random per process', production: 'required unless `CAPTCHA_MODE=off`', secret: true }))
      .describe('HMAC key that signs the challenges. Unset, a random key per process: challenges then fail across restarts and instances.'),
    CAPTCHA_COMPLEXITY: z.coerce.number().int().min(10).max(10_000_000).default(50_000).describe("The challenge's search space (the largest number)."),
  })
  .meta({ title: 'Proof of work' })
  .describe('A self-hosted proof-of-work challenge (ALTCHA format) on the lead forms (server/modules/leads/).');
