import { z } from 'zod';
import type { Money } from './money.ts';

/**
 * The shapes of YooKassa's answers (REST API v3, yookassa.ru/developers/api), as far as this site reads them. Loose
 * objects: the provider adds fields (payment_method, recipient, income_amount…) that are kept out of our types.
 */
const amount = z.object({ value: z.string().regex(/^\d+(\.\d{1,2})?$/), currency: z.literal('RUB') });

/** Metadata values are strings as sent; anything else YooKassa might add is read as text. */
const metadata = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .transform((record) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value === null ? '' : String(value)])));

export const paymentSchema = z.looseObject({
  id: z.string().min(1).max(64),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  paid: z.boolean(),
  amount,
  confirmation: z.looseObject({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  created_at: z.string().min(1),
  description: z.string().optional(),
  metadata: metadata.optional(),
  refundable: z.boolean(),
  refunded_amount: amount.optional(),
  cancellation_details: z.looseObject({ party: z.string(), reason: z.string() }).optional(),
  test: z.boolean().optional(),
});

export const refundSchema = z.looseObject({
  id: z.string().min(1).max(64),
  payment_id: z.string().min(1).max(64),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount,
  created_at: z.string().min(1),
  description: z.string().optional(),
});

/** `{ type: "error", id, code, description, parameter }`: every refusal's body. */
export const errorSchema = z.looseObject({
  type: z.literal('error'),
  id: z.string().optional(),
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

/** 202: accepted, not yet processed; ask again (same key) after `retry_after` milliseconds. */
export const processingSchema = z.looseObject({ type: z.literal('processing'), retry_after: z.number().nonnegative().optional() });

export type ProviderPayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Money;
  metadata: Record<string, string>;
  /** Where to send the buyer to pay (a redirect confirmation), while the payment awaits it. */
  confirmationUrl: string | null;
  createdAt: string;
  refundable: boolean;
  refundedAmount: Money | null;
  /** `cancellation_details.reason` (expired_on_confirmation, canceled_by_merchant, insufficient_funds…). */
  cancellationReason: string | null;
};

export type ProviderRefund = { id: string; paymentId: string; status: 'pending' | 'succeeded' | 'canceled'; amount: Money };

const money = (value: z.infer<typeof amount>): Money => ({ value: value.value, currency: value.currency });

export function toPayment(body: z.infer<typeof paymentSchema>): ProviderPayment {
  return {
    id: body.id,
    status: body.status,
    paid: body.paid,
    amount: money(body.amount),
    metadata: body.metadata ?? {},
    confirmationUrl: body.confirmation?.type === 'redirect' ? (body.confirmation.confirmation_url ?? null) : null,
    createdAt: body.created_at,
    refundable: body.refundable,
    refundedAmount: body.refunded_amount ? money(body.refunded_amount) : null,
    cancellationReason: body.cancellation_details?.reason ?? null,
  };
}

export function toRefund(body: z.infer<typeof refundSchema>): ProviderRefund {
  return { id: body.id, paymentId: body.payment_id, status: body.status, amount: money(body.amount) };
}
