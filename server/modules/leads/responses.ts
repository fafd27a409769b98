import { z } from 'zod';
import { SUBSCRIPTION_TOPICS } from '#core/schemas/lead.ts';
import { apiError } from '../../http/api/schemas.ts';

/** Lead calls' answers (server/modules/leads): accepted leads, booking specs and facets, the proof-of-work status. */
export const leadAccepted = z
  .strictObject({ id: z.string(), status: z.literal('accepted'), title: z.string(), message: z.string() })
  .meta({ id: 'LeadAccepted' });

/** Every answer of a lead submit: 201 once committed (a repeated Idempotency-Key gives the same), else one error. */
export const leadSubmitAnswers = {
  201: leadAccepted,
  400: apiError.describe("A field is wrong: `errors` names it, in the visitor's language."),
  401: apiError,
  403: apiError.describe('Cross-site request, or the anti-bot check failed.'),
  409: apiError.describe('The chosen slot was taken meanwhile.'),
  413: apiError,
  422: apiError.describe('This Idempotency-Key was used for a different request.'),
  429: apiError.describe('Too many requests from this client or for this phone; Retry-After says when to try again.'),
  500: apiError.describe('A technical error: the form\'s "try again" re-sends the same Idempotency-Key.'),
  503: apiError.describe('The database is unavailable; Retry-After says when to try again.'),
};

export const captchaStatus = z
  .union([
    z.strictObject({ bypass: z.literal(true) }),
    z.strictObject({
      bypass: z.literal(false),
      challenge: z.strictObject({
        algorithm: z.literal('SHA-256'),
        challenge: z.string(),
        maxnumber: z.number().int(),
        salt: z.string(),
        signature: z.string(),
      }),
    }),
  ])
  .meta({ id: 'CaptchaStatus' });

export const subscriptionForm = z
  .strictObject({
    topic: z.enum(SUBSCRIPTION_TOPICS),
    project: z.number().int().nullable(),
    title: z.string(),
    description: z.string(),
    submit_url: z.string(),
    fields: z.array(z.string()),
  })
  .meta({ id: 'SubscriptionForm' });

const choice = z.strictObject({ value: z.string(), label: z.string(), address: z.string().optional() });
export const formSpec = z
  .discriminatedUnion('kind', [
    z.strictObject({ name: z.string(), label: z.string(), kind: z.literal('choices'), choices: z.array(choice) }),
    z.strictObject({
      name: z.string(),
      label: z.string(),
      kind: z.literal('range'),
      range: z.strictObject({ min: z.string().nullable(), max: z.string().nullable() }).describe('First and last bookable dates (ISO).'),
    }),
  ])
  .meta({ id: 'FormSpec' });

export const bookingFacets = z
  .strictObject({ count: z.number().int(), items: z.record(z.string(), z.strictObject({ choices: z.record(z.string(), z.number().int()) })) })
  .meta({ id: 'BookingFacets' });

export const partnerSlot = z
  .strictObject({
    office: z.number().int(),
    office_name: z.string(),
    date: z.string(),
    slot: z.string(),
    starts_at: z.string(),
    seats_left: z.number().int(),
  })
  .meta({ id: 'PartnerSlot' });
