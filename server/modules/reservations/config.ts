import { z } from 'zod';

/**
 * The online reservation's default terms (issue #39, docs/guides/reservations.md): what the site-wide settings row
 * says while the back office has not written one (`reservationSettingsFor`), and the length of a hold. The deposit
 * is asked in whole roubles here and kept in kopecks.
 */
export const reservationsConfigSchema = z
  .object({
    RESERVATION_DEPOSIT_RUB: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000_000)
      .default(50_000)
      .describe("The deposit of an online reservation, whole roubles, until the back office sets the site's or a project's."),
    RESERVATION_PERIOD_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(365)
      .default(7)
      .describe("How many days a paid reservation keeps the lot, until the back office sets the site's or a project's."),
    RESERVATION_REFUND_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(365)
      .default(3)
      .describe("How many days after paying the buyer may cancel with a refund, until the back office sets the site's or a project's."),
    RESERVATION_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(120)
      .default(15)
      .describe('How long a lot is held for a buyer who is paying the deposit; unpaid by then, the hold expires and the lot is free again.'),
    RESERVATION_HOLDS_PER_CONTACT: z.coerce
      .number()
      .int()
      .min(1)
      .max(50)
      .default(2)
      .describe(
        'How many unpaid holds one phone number, and one e-mail, may have at a time (counted in the database, across instances); one more is refused with 429 until a hold is paid or runs out.',
      ),
  })
  .meta({ title: 'Online reservation' })
  .describe(
    'The default terms of an online reservation with a deposit (server/modules/reservations/, docs/guides/reservations.md); the back office overrides them per site and per project. Reservations are offered only with YooKassa configured and enabled in the settings.',
  );

export type ReservationsConfig = z.infer<typeof reservationsConfigSchema>;

/** The terms as the code uses them: the deposit in kopecks. */
export type ReservationDefaults = { depositKopecks: number; periodDays: number; refundWindowDays: number; holdMinutes: number; holdsPerContact: number };

export function reservationDefaults(config: ReservationsConfig): ReservationDefaults {
  return {
    depositKopecks: config.RESERVATION_DEPOSIT_RUB * 100,
    periodDays: config.RESERVATION_PERIOD_DAYS,
    refundWindowDays: config.RESERVATION_REFUND_DAYS,
    holdMinutes: config.RESERVATION_HOLD_MINUTES,
    holdsPerContact: config.RESERVATION_HOLDS_PER_CONTACT,
  };
}

let fromEnv: ReservationDefaults | null = null;

/**
 * The defaults of this process's environment (read once), for the callers that hold no config: an unset or bad
 * variable takes its default here (the server's start refuses a bad one: server/config.ts).
 */
export function envReservationDefaults(): ReservationDefaults {
  if (fromEnv) return fromEnv;
  const parsed = reservationsConfigSchema.safeParse(process.env);
  fromEnv = reservationDefaults(parsed.success ? parsed.data : reservationsConfigSchema.parse({}));
  return fromEnv;
}
