import type { FinanceField, LeadKind } from '#core/validation/lead-forms.ts';

/** What the server says about a committed lead (the API's 201 body). */
export type LeadAnswer = { id: string; status: 'accepted'; title: string; message: string };

/** A form's state after a post without JavaScript (the `/forms/:form` action's answer). */
export type FormResult =
  | { state: 'invalid'; values: Record<string, string>; errors: Record<string, string[]> }
  | { state: 'success'; values: Record<string, string>; answer: LeadAnswer }
  | { state: 'error'; values: Record<string, string>; limited?: boolean; captcha?: boolean };

/**
 * Page context a request carries to the CRM (spec: request buttons carry project, lot, promo, page URL, UTM), and
 * a purchase page's calculation (`FINANCE_FIELDS`).
 */
export type LeadContext = {
  project?: number | null | undefined;
  lot?: string | null | undefined;
  promo?: string | number | null | undefined;
  finance?: Partial<Record<FinanceField, string | number>> | null | undefined;
};

export type LeadEndpoint = { kind: LeadKind; url: string };
