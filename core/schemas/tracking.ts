import { z } from 'zod';
import { safeReferrer, safeUtm, TRACKING_EVENTS, TRACKING_LIMITS } from '#core/tracking/events.ts';
import { safeText } from './text.ts';

/** An opaque token of the analytics counters (a client id, a visit id): letters, digits and `._:-`, never a phone number. */
const token = (max: number) =>
  safeText()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .regex(/^[A-Za-z0-9._:-]*$/, 'Enter a valid identifier.')
    .refine((v) => !/^\+?\d{7,15}$/.test(v), 'Enter a valid identifier.')
    .optional()
    .transform((v) => v || null);

/** Input bound of a UTM tag or a referrer: longer ones are no honest link; within it they are cut to their stored size. */
const MAX_INPUT = 2048;
const utm = safeText()
  .max(MAX_INPUT, `Ensure this field has no more than ${MAX_INPUT} characters.`)
  .optional()
  .transform((v) => safeUtm(v));

/**
 * `/api/tracking_data/save/` (spec §7): one event of a page, as query parameters (GET) or a JSON / `text/plain`
 * body (POST, `navigator.sendBeacon`). `url` is checked against the site's origins in the service.
 */
export const trackingDataSchema = z.strictObject({
  event: z.enum(TRACKING_EVENTS, { error: `Select a valid choice. Expected one of: ${TRACKING_EVENTS.join(', ')}.` }),
  url: safeText({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(TRACKING_LIMITS.url, `Ensure this field has no more than ${TRACKING_LIMITS.url} characters.`)
    .regex(/^(\/(?!\/)|https?:\/\/)/i, 'Enter a path on this site.'),
  referrer: safeText()
    .trim()
    .max(MAX_INPUT, `Ensure this field has no more than ${MAX_INPUT} characters.`)
    .optional()
    .transform((v, ctx) => {
      const safe = safeReferrer(v);
      if (safe === undefined) ctx.addIssue({ code: 'custom', message: 'Enter a valid URL.' });
      return safe ?? null;
    }),
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_content: utm,
  utm_term: utm,
  client_id: token(TRACKING_LIMITS.clientId),
  visit_id: token(TRACKING_LIMITS.visitId),
});
export type TrackingDataInput = z.input<typeof trackingDataSchema>;
export type TrackingData = z.output<typeof trackingDataSchema>;
