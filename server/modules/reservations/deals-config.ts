import { z } from 'zod';
import { envMeta, secret } from '../../lib/env.ts';

/**
 * The deal tracker's CRM webhook (issue #39, docs/guides/reservations.md "Deal tracker"): the CRM posts a deal's stage
 * changes to `POST /api/deals/{id}/events/`, signed with this key. Without it the route is not offered at all (the
 * API's 404): there is no default, in production or anywhere else.
 */
export const dealsConfigSchema = z
  .object({
    DEALS_WEBHOOK_SECRET: secret(32)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe(
        'HMAC-SHA256 key of the CRM\'s deal stage webhook (POST /api/deals/{id}/events/): X-Signature: sha256=hex(HMAC(key, X-Timestamp + "." + deal id + "." + raw body)), X-Timestamp in Unix seconds within 5 minutes. Unset: the webhook is not offered.',
      ),
  })
  .meta({ title: 'Deal tracker' })
  .describe("The deal tracker's stage webhook from the CRM (server/modules/reservations/, docs/guides/reservations.md).");

export type DealsConfig = z.infer<typeof dealsConfigSchema>;
