import { crmChannelsOf, type Config } from '../../config.ts';
import type { DELIVERY_CHANNELS } from './schema.ts';

/** Where a lead goes: the generic webhook, e-mail, and each configured CRM adapter (server/modules/crm/). */
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** What the lead pipeline needs from the configuration (set once when the HTTP app is built). */
export type LeadSettings = {
  channels: DeliveryChannel[];
  ipLimit: number;
  ipWindowMs: number;
  phoneLimit: number;
  phoneWindowMs: number;
  captchaMode: 'off' | 'auto' | 'always';
  captchaAutoAfter: number;
  captchaSecret: string;
  captchaComplexity: number;
  partnerBasicAuth: string | null;
  faultInjection: boolean;
  /** Key of the client-address hash the per-client budgets are counted by (shared by every instance). */
  clientSalt: string;
};

export function leadSettingsFromConfig(config: Config): LeadSettings {
  const channels: DeliveryChannel[] = [];
  if (config.CRM_WEBHOOK_URL) channels.push('crm');
  if (config.SMTP_URL && config.LEADS_EMAIL_TO) channels.push('email');
  channels.push(...crmChannelsOf(config));
  return {
    channels,
    ipLimit: config.LEADS_IP_LIMIT,
    ipWindowMs: 10 * 60_000,
    phoneLimit: config.LEADS_PHONE_LIMIT,
    phoneWindowMs: 60 * 60_000,
    captchaMode: config.CAPTCHA_MODE,
    captchaAutoAfter: config.CAPTCHA_AUTO_AFTER,
    // Without a configured secret, challenges are signed with a per-process key: they only need to outlive a form fill.
    captchaSecret: config.CAPTCHA_SECRET ?? crypto.randomUUID() + crypto.randomUUID(),
    captchaComplexity: config.CAPTCHA_COMPLEXITY,
    partnerBasicAuth: config.PARTNER_BASIC_AUTH ?? null,
    faultInjection: config.LEADS_FAULT_INJECTION,
    clientSalt: config.ANTIBOT_SALT,
  };
}

export const DEFAULT_LEAD_SETTINGS: LeadSettings = {
  channels: [],
  ipLimit: 10,
  ipWindowMs: 10 * 60_000,
  phoneLimit: 5,
  phoneWindowMs: 60 * 60_000,
  captchaMode: 'auto',
  captchaAutoAfter: 3,
  captchaSecret: crypto.randomUUID() + crypto.randomUUID(),
  captchaComplexity: 50_000,
  partnerBasicAuth: null,
  faultInjection: false,
  clientSalt: crypto.randomUUID(),
};
