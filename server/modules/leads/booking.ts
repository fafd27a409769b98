import { and, count, gte, inArray } from 'drizzle-orm';
import type { Locale } from '#core/i18n/locales.ts';
import { PARTNER_TOPICS, type FieldErrors } from '#core/schemas/lead.ts';
import { pick } from '#core/schemas/localized.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Db } from '../../db/client.ts';
import { leadSlots } from './schema.ts';
import {
  candidateSlots,
  findResource,
  refusalOf,
  resourceKey,
  scheduleOf,
  type BookingKind,
  type Candidate,
  type OfficeResource,
  type Resource,
  type Schedule,
} from './schedule.ts';
import type { Tx } from './store.ts';

/** A slot chosen by a booking lead, taken inside the lead's transaction. */
export type ChosenSlot = { schedule: Schedule; candidate: Candidate };

type BookingFilter = { resource?: number | undefined; date?: string | undefined };

/** The facet counts of the free slots `free` under `filter` (the API's facets and the pages' booking day). */
function facetsOf(field: string, free: (Candidate & { left: number })[], filter: BookingFilter) {
  const byResource = (c: Candidate) => filter.resource === undefined || c.resource === filter.resource;
  const byDate = (c: Candidate) => filter.date === undefined || c.date === filter.date;
  const tally = (list: (Candidate & { left: number })[], keyOf: (c: Candidate) => string, weight: (c: { left: number }) => number) => {
    const out: Record<string, number> = {};
    for (const c of list) out[keyOf(c)] = (out[keyOf(c)] ?? 0) + weight(c);
    return out;
  };
  const matching = free.filter((c) => byResource(c) && byDate(c));
  return {
    count: matching.length,
    items: {
      [field]: {
        choices: tally(
          free.filter(byDate),
          (c) => String(c.resource),
          () => 1,
        ),
      },
      date: {
        choices: tally(
          free.filter(byResource),
          (c) => c.date,
          () => 1,
        ),
      },
      slot: {
        choices: tally(
          matching,
          (c) => c.slot,
          (c) => c.left,
        ),
      },
    },
  };
}

/**
 * Meeting, broker-tour and partner-meeting bookings: what can be booked (specs), what is free (facets, the
 * partner list), the slot a lead chooses and the seat it takes. Seats are rows of `lead_slots`, one per seat, so
 * a slot is never booked beyond its capacity whatever the concurrency.
 */
/** How the seats' reads are versioned for page renders (server/db/read-tracking.ts); by default not at all. */
export type VersionedRead = <T>(load: () => Promise<T>) => Promise<T>;

export function createBooking(db: Db, projects: () => Promise<Resource[]>, offices: () => Promise<OfficeResource[]>, read: VersionedRead = (load) => load()) {
  const scheduleFor = async (kind: BookingKind) =>
    scheduleOf(kind, kind === 'broker_tour' ? await projects() : [], kind === 'broker_tour' ? [] : await offices());

  async function bookedSeats(kind: BookingKind, resourceIds: number[], now: Date): Promise<Map<string, number>> {
    const keys = resourceIds.map((id) => resourceKey(kind, id));
    if (!keys.length) return new Map();
    const rows = await read(() =>
      db
        .select({ resource: leadSlots.resource, startsAt: leadSlots.startsAt, n: count() })
        .from(leadSlots)
        .where(and(inArray(leadSlots.resource, keys), gte(leadSlots.startsAt, now)))
        .groupBy(leadSlots.resource, leadSlots.startsAt)
        .then((r) => r),
    );
    return new Map(rows.map((r) => [`${r.resource}|${r.startsAt.getTime()}`, Number(r.n)]));
  }

  async function freeSlots(schedule: Schedule, now: Date): Promise<(Candidate & { left: number })[]> {
    const ids = schedule.resources.map((r) => r.id);
    const booked = await bookedSeats(schedule.kind, ids, now);
    return candidateSlots(schedule, schedule.resources, now)
      .map((c) => ({ ...c, left: schedule.capacity - (booked.get(`${resourceKey(schedule.kind, c.resource)}|${c.startsAt.getTime()}`) ?? 0) }))
      .filter((c) => c.left > 0);
  }

  return {
    /**
     * The slot a booking lead asks for, checked against the schedule and the office's hours: the details to store
     * with the lead, or the field that is wrong and why (a day the office is closed, a time on its break or outside
     * its hours, a time already past: `refusalOf`).
     */
    async choose(kind: BookingKind, data: Record<string, unknown>, locale: Locale, now: Date) {
      const chosenSchedule = await scheduleFor(kind);
      const errors: FieldErrors = {};
      const details: Record<string, string | number> = {};
      let chosen: ChosenSlot | null = null;
      const resource = findResource(chosenSchedule, (data[chosenSchedule.field] as number | null) ?? null);
      if (!resource) errors[chosenSchedule.field] = ['choice'];
      else {
        const candidates = candidateSlots(chosenSchedule, [resource], now);
        const candidate = candidates.find((c) => c.date === data.date && c.slot === data.slot);
        if (!candidate) {
          const refused = refusalOf(chosenSchedule, resource, String(data.date ?? ''), String(data.slot ?? ''), now);
          errors[refused.field] = [refused.code];
        } else {
          chosen = { schedule: chosenSchedule, candidate };
          Object.assign(details, {
            [chosenSchedule.field]: resource.id,
            [`${chosenSchedule.field}_name`]: pick(resource.name, locale),
            date: candidate.date,
            slot: candidate.slot,
            starts_at: candidate.startsAt.toISOString(),
          });
        }
      }
      return { chosen, details, errors };
    },

    /** Takes one seat of the chosen slot inside the lead's transaction; false when every seat is taken. */
    async takeSeat(tx: Tx, chosen: ChosenSlot, leadId: string): Promise<boolean> {
      const resource = resourceKey(chosen.schedule.kind, chosen.candidate.resource);
      for (let seat = 1; seat <= chosen.schedule.capacity; seat++) {
        const rows = await tx
          .insert(leadSlots)
          .values({ resource, startsAt: chosen.candidate.startsAt, seat, leadId })
          .onConflictDoNothing()
          .returning({ id: leadSlots.id });
        if (rows.length) return true;
      }
      return false;
    },

    /** Specs of a booking form: resources, the date range and the day's slots (spec §3 "Specs"). */
    async specs(kind: BookingKind, locale: Locale, now = new Date()) {
      const shown = await scheduleFor(kind);
      const t = CATALOGS[locale].forms;
      // The dates and times any of its offices (or projects) offers, from their hours.
      const candidates = candidateSlots(shown, shown.resources, now);
      const dates = [...new Set(candidates.map((c) => c.date))].sort();
      const times = [...new Set(candidates.map((c) => c.slot))].sort();
      const specs: { name: string; label: string; kind: string; [key: string]: unknown }[] = [
        {
          name: shown.field,
          label: shown.field === 'office' ? t.fields.office : t.fields.project,
          kind: 'choices',
          choices: shown.resources.map((r) => ({
            value: String(r.id),
            label: pick(r.name, locale),
            ...(r.address ? { address: pick(r.address, locale) } : {}),
          })),
        },
        { name: 'date', label: t.fields.date, kind: 'range', range: { min: dates[0] ?? null, max: dates.at(-1) ?? null } },
        { name: 'slot', label: t.fields.slot, kind: 'choices', choices: times.map((value) => ({ value, label: value })) },
      ];
      if (kind === 'partner_meeting') {
        specs.unshift({
          name: 'topic',
          label: t.fields.partnerTopic,
          kind: 'choices',
          choices: PARTNER_TOPICS.map((value) => ({ value, label: t.partnerTopics[value] })),
        });
      }
      return specs;
    },

    /**
     * What is free, as facet counts: per resource, per date (for the chosen resource) and seats left per
     * slot (for the chosen resource and date).
     */
    async facets(kind: BookingKind, filter: BookingFilter, now = new Date()) {
      const counted = await scheduleFor(kind);
      return facetsOf(counted.field, await freeSlots(counted, now), filter);
    },

    /**
     * A booking form's day, from one reading of the seats and counted as `facets` counts: the dates with a free slot at
     * `resource`, the chosen date (the first of them unless `date` is one) and that date's slots with the seats left,
     * in time order.
     */
    async day(kind: BookingKind, resource: number, date?: string, now = new Date()) {
      const counted = await scheduleFor(kind);
      const free = await freeSlots(counted, now);
      const dates = Object.keys(facetsOf(counted.field, free, { resource }).items.date.choices).sort();
      const chosen = date !== undefined && dates.includes(date) ? date : (dates[0] ?? '');
      const seats = chosen ? facetsOf(counted.field, free, { resource, date: chosen }).items.slot.choices : {};
      const slots = Object.entries(seats)
        .map(([value, left]) => ({ value, left }))
        .sort((a, b) => a.value.localeCompare(b.value));
      return { dates, date: chosen, slots };
    },

    /** `GET /api/partner_meeting/`: the free partner-meeting slots as a paginated list (no personal data). */
    async partnerMeetingList(
      filter: { office?: number | undefined; date?: string | undefined; limit: number; offset: number },
      locale: Locale,
      now = new Date(),
    ) {
      const partners = await scheduleFor('partner_meeting');
      const free = (await freeSlots(partners, now)).filter(
        (c) => (filter.office === undefined || c.resource === filter.office) && (filter.date === undefined || c.date === filter.date),
      );
      const page = free.slice(filter.offset, filter.offset + filter.limit).map((c) => ({
        office: c.resource,
        office_name: pick(findResource(partners, c.resource)!.name, locale),
        date: c.date,
        slot: c.slot,
        starts_at: c.startsAt.toISOString(),
        seats_left: c.left,
      }));
      return { count: free.length, results: page };
    },
  };
}
export type Booking = ReturnType<typeof createBooking>;
