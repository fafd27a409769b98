import { z } from 'zod';
import { AUCTION_RESULTS } from './auction.ts';

/**
 * One auction as `npm run auctions:import` reads it (JSON or CSV; docs/guides/imports.md "Auctions import"). Times are
 * ISO instants with a zone (`2026-12-01T18:00:00+03:00`, `…Z`) or Moscow wall time without one
 * (`2026-12-01 18:00`): the auctions are announced in Moscow time, which has no daylight saving.
 */
const MOSCOW_OFFSET = '+03:00';
const TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

const instant = z
  .string({ error: 'Enter a date and time, e.g. 2026-12-01 18:00 (Moscow time).' })
  .trim()
  .transform((value, ctx) => {
    const m = TIME.exec(value);
    const date = m ? new Date(`${m[1]}T${m[2]}${m[3] ?? ':00'}${m[4] ?? MOSCOW_OFFSET}`) : null;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Enter a date and time, e.g. 2026-12-01 18:00 (Moscow time).' });
      return z.NEVER;
    }
    return date;
  });

const roubles = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number of roubles.` })
    .int(`${what} must be a whole number of roubles.`)
    .positive(`${what} must be above zero.`)
    .max(1e12, `${what} is too large.`);

export const auctionInput = z
  .strictObject({
    id: z.coerce.number().int('Expected a whole number.').positive('Expected a positive id.').optional(),
    lot: z.coerce.number({ error: 'Name the lot by its id.' }).int('Name the lot by its id.').positive('Name the lot by its id.'),
    start_price: roubles('The start price'),
    min_step: roubles('The minimum step'),
    starts_at: instant,
    ends_at: instant,
    extend_minutes: z.coerce.number().int('Expected whole minutes.').min(0, 'Expected 0 to 1440 minutes.').max(1440, 'Expected 0 to 1440 minutes.').default(0),
    result: z
      .enum(AUCTION_RESULTS, { error: `Expected one of ${AUCTION_RESULTS.join(', ')}.` })
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if (value.ends_at.getTime() <= value.starts_at.getTime())
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must come after the start.' });
  });
export type AuctionInput = z.output<typeof auctionInput>;

export const AUCTION_CSV_COLUMNS = ['id', 'lot', 'start_price', 'min_step', 'starts_at', 'ends_at', 'extend_minutes', 'result'] as const;
