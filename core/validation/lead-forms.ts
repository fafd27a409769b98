import { LOCALES, type Locale } from '#core/i18n/locales.ts';

/**
 * Names and constants of the lead forms, free of zod and libphonenumber so that pages can render forms
 * without shipping the validators: those load on first use (core/schemas/lead.ts).
 */

export const LEAD_KINDS = ['request', 'subscription', 'meeting', 'broker_tour', 'partner_meeting', 'presale_interest', 'landing', 'auction_bid'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Subscription headings per topic (spec §3): default, project (construction progress), parking, pantry, for-children. */
export const SUBSCRIPTION_TOPICS = ['default', 'project', 'parking', 'pantry', 'children'] as const;
export type SubscriptionTopic = (typeof SUBSCRIPTION_TOPICS)[number];

export const REQUEST_TYPES = ['consultation', 'callback', 'lot', 'promo', 'presentation', 'mortgage'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** How the visitor wants to be answered: the contact modal's callback, WhatsApp and e-mail options. */
export const CONTACT_CHANNELS = ['phone', 'whatsapp', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const PARTNER_TOPICS = ['agency', 'bank', 'contractor', 'land', 'other'] as const;
export type PartnerTopic = (typeof PARTNER_TOPICS)[number];

/**
 * The calculation a request from a purchase page carries (core/purchase/calculator.ts `FinanceContext`): the
 * programme's id, the price, the down payment and the monthly payment in whole roubles, the term in months.
 */
export const FINANCE_FIELDS = ['programme', 'price', 'down_payment', 'term_months', 'monthly_payment'] as const;
export type FinanceField = (typeof FINANCE_FIELDS)[number];

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/** Form fields that are not the visitor's data: the honeypot, the proof of work, the idempotency key. */
export const HONEYPOT_FIELD = 'website';
export const POW_FIELD = 'altcha';
export const IDEMPOTENCY_FIELD = 'idempotency_key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Form slugs of `/forms/:form` (and their pages) → the kind they post, with presets. */
export const FORM_SLUGS = {
  request: { kind: 'request' },
  callback: { kind: 'request' },
  subscribe: { kind: 'subscription' },
  meeting: { kind: 'meeting' },
  'broker-tour': { kind: 'broker_tour' },
  'partner-meeting': { kind: 'partner_meeting' },
  presale: { kind: 'presale_interest' },
  landing: { kind: 'landing' },
} as const satisfies Record<string, { kind: LeadKind }>;
export type FormSlug = keyof typeof FORM_SLUGS;

export function isFormSlug(value: unknown): value is FormSlug {
  return typeof value === 'string' && Object.hasOwn(FORM_SLUGS, value);
}

/** How a page's URL names a saved filter's query: `/filter/{slug}` → `type=parking` (the SEO filter pages). */
export type SeoFilterQuery = (slug: string) => string | null | undefined;

/**
 * The subscription topic a page asks for (spec §3 "headings per topic"), from its URL in any language prefix. The
 * page's block and `/api/subscription_forms/?url=` both call it:
 * - the form page `/forms/subscribe?topic=…&project=…` → that topic (how «Для детей» is reached from a project's
 *   schools and kindergartens);
 * - parking and storage lots, filters and saved filter pages (`/filter/mashino-mesta` is `type=parking`) → their topic;
 * - a project and everything under it (buildings, floors, construction reports) → the project's construction news;
 * - anything else → the default heading.
 */
export function subscriptionTopicForUrl(url: string, opts: { seoFilterQuery?: SeoFilterQuery } = {}): { topic: SubscriptionTopic; project: number | null } {
  let path: string;
  let params: URLSearchParams;
  try {
    const parsed = new URL(url, 'http://x');
    path = parsed.pathname;
    params = parsed.searchParams;
  } catch {
    return { topic: 'default', project: null };
  }
  const parts = path.split('/').filter(Boolean);
  if (parts[0] && (LOCALES as readonly string[]).includes(parts[0])) parts.shift();
  const projectParam = Number(params.get('project'));
  if (parts[0] === 'forms' && parts[1] === 'subscribe') {
    const topic = params.get('topic') ?? '';
    if ((SUBSCRIPTION_TOPICS as readonly string[]).includes(topic)) {
      return { topic: topic as SubscriptionTopic, project: Number.isInteger(projectParam) && projectParam > 0 ? projectParam : null };
    }
  }
  const types = [params.get('type'), params.get('lot_type'), params.get('realty_type')];
  if (parts[0] === 'filter' && parts[1] && opts.seoFilterQuery) {
    const saved = opts.seoFilterQuery(parts[1]);
    if (saved) types.push(new URLSearchParams(saved).get('type'));
  }
  const type = types.flatMap((value) => (value ? value.split(',') : []));
  if (parts.includes('parking') || type.includes('parking')) return { topic: 'parking', project: null };
  if (parts.includes('pantry') || type.includes('pantry')) return { topic: 'pantry', project: null };
  if (parts.some((p) => /^(children|kids|family|for-children)$/.test(p))) return { topic: 'children', project: null };
  if ((parts[0] === 'projects' || parts[0] === 'shared-projects') && parts[1] && /^\d+$/.test(parts[1])) {
    return { topic: 'project', project: Number(parts[1]) };
  }
  return { topic: 'default', project: null };
}

export function isLocaleValue(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The header through which the no-JavaScript form action learns the client's address (for the per-IP
 * limit): React Router sees only a Web `Request`. The server overwrites whatever a client sends in it.
 */
export const LEAD_CLIENT_IP_HEADER = 'x-lead-client-ip';
