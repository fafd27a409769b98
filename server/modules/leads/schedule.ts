import {
  addDays,
  meetingSlots,
  MEETING_MINUTES,
  OFFICE_TIME_ZONE,
  slotRefusal,
  toMinutes,
  weekdayOf,
  zonedClock,
  zonedInstant,
  type OfficeHours,
} from '#core/content/offices.ts';
import type { ValidationCode } from '#core/validation/messages.ts';
import type { Localized } from '#core/schemas/localized.ts';

/**
 * When meetings, broker tours and partner meetings can happen (spec §1 "meeting booking, broker tours,
 * partner meetings"). Dates are `YYYY-MM-DD` and slots `HH:MM`, wall-clock times in the office's own time zone (an
 * office's hours, core/content/offices.ts); a broker tour visits a project, in Moscow time.
 */
export type BookingKind = 'meeting' | 'broker_tour' | 'partner_meeting';
/** What is booked: an office (with its hours) or a project (Moscow time, the schedule's weekdays). */
export type Resource = { id: number; name: Localized; address?: Localized; hours?: OfficeHours };
export type Schedule = {
  kind: BookingKind;
  /** The form field naming the resource: an office, or the project a broker tour visits. */
  field: 'office' | 'project';
  resources: Resource[];
  days: number;
  /** The weekdays it happens on (0 Sunday … 6 Saturday), and only while the office is open. */
  weekdays: number[];
  /** Its start times; null: every meeting-long slot of the office's hours (core/content/offices.ts `meetingSlots`). */
  slots: string[] | null;
  capacity: number;
  /** How far ahead of its start a slot can still be booked. */
  leadTimeMs: number;
};

export const SCHEDULES: Record<BookingKind, Schedule> = {
  meeting: {
    kind: 'meeting',
    field: 'office',
    // The offices table's offices taking meetings, filled in by `scheduleOf`; their slots follow their hours.
    resources: [],
    days: 14,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    slots: null,
    capacity: 1,
    leadTimeMs: 2 * 3600_000,
  },
  broker_tour: {
    kind: 'broker_tour',
    field: 'project',
    // The catalogue's projects, filled in by `scheduleOf` (they change with the catalogue, not with the code).
    resources: [],
    days: 28,
    weekdays: [2, 4],
    slots: ['11:00', '15:00'],
    capacity: 12,
    leadTimeMs: 24 * 3600_000,
  },
  partner_meeting: {
    kind: 'partner_meeting',
    field: 'office',
    // Partners meet at the head office (the offices table's `head_office` kind), filled in by `scheduleOf`, at these
    // times on weekdays while it is open.
    resources: [],
    days: 21,
    weekdays: [1, 2, 3, 4, 5],
    slots: ['11:00', '14:00', '16:00'],
    capacity: 1,
    leadTimeMs: 24 * 3600_000,
  },
};

/** An office as a meeting resource: the sales offices table's row (server/modules/offices/service.ts). */
export type OfficeResource = Resource & { kind: 'head_office' | 'sales_office'; hours: OfficeHours };

/**
 * A kind's schedule: a meeting at any office taking meetings, a partner meeting at the head office, a broker tour
 * to any of the catalogue's projects.
 */
export function scheduleOf(kind: BookingKind, projects: readonly Resource[], offices: readonly OfficeResource[]): Schedule {
  if (kind === 'broker_tour') return { ...SCHEDULES.broker_tour, resources: [...projects] };
  const shown = kind === 'partner_meeting' ? offices.filter((o) => o.kind === 'head_office') : offices;
  return {
    ...SCHEDULES[kind],
    resources: shown.map(({ id, name, address, hours }) => ({ id, name, hours, ...(address ? { address } : {}) })),
  };
}

export function resourceKey(kind: BookingKind, id: number): string {
  return `${kind}:${id}`;
}

export type Candidate = { resource: number; date: string; slot: string; startsAt: Date };

const zoneOf = (resource: Resource) => resource.hours?.timeZone ?? OFFICE_TIME_ZONE;

/** The start times of a resource's day under the schedule: its office's hours decide, the schedule's weekdays too. */
function daySlots(schedule: Schedule, resource: Resource, date: string): string[] {
  if (!schedule.weekdays.includes(weekdayOf(date) % 7)) return [];
  const hours = resource.hours;
  if (!hours) return schedule.slots ?? [];
  if (schedule.slots === null) return meetingSlots(hours, date);
  return schedule.slots.filter((slot) => slotRefusal(hours, date, slot, MEETING_MINUTES) === null);
}

/** Every slot of the schedule from now on, before bookings are subtracted, in time order per resource. */
export function candidateSlots(schedule: Schedule, resources: readonly Resource[], now: Date): Candidate[] {
  const out: Candidate[] = [];
  for (const resource of resources) {
    const zone = zoneOf(resource);
    const first = zonedClock(now.getTime(), zone).date;
    for (let day = 0; day <= schedule.days; day++) {
      const date = addDays(first, day);
      for (const slot of daySlots(schedule, resource, date)) {
        const starts = zonedInstant(date, toMinutes(slot), zone);
        if (starts === null || starts - now.getTime() < schedule.leadTimeMs) continue;
        out.push({ resource: resource.id, date, slot, startsAt: new Date(starts) });
      }
    }
  }
  return out;
}

/**
 * Why a date and time the schedule does not offer were refused, naming the field: a day or time already past (or
 * too soon), a day the office is closed (its weekday off, a holiday), a time on its break or outside its hours, or
 * a day beyond the schedule's range.
 */
export function refusalOf(schedule: Schedule, resource: Resource, date: string, slot: string, now: Date): { field: 'date' | 'slot'; code: ValidationCode } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return { field: 'date', code: 'choice' };
  const zone = zoneOf(resource);
  const today = zonedClock(now.getTime(), zone).date;
  if (date < today) return { field: 'date', code: 'slotPast' };
  if (date > addDays(today, schedule.days)) return { field: 'date', code: 'choice' };
  const starts = /^\d\d:\d\d$/.test(slot) ? zonedInstant(date, toMinutes(slot), zone) : null;
  if (starts !== null && starts - now.getTime() < schedule.leadTimeMs) return { field: 'slot', code: 'slotPast' };
  const hours = resource.hours;
  if (!schedule.weekdays.includes(weekdayOf(date) % 7)) return { field: 'date', code: 'officeClosed' };
  if (hours) {
    const why = slotRefusal(hours, date, slot);
    if (why === 'closed') return { field: 'date', code: 'officeClosed' };
    if (why === 'break') return { field: 'slot', code: 'officeBreak' };
    if (why === 'outside') return { field: 'slot', code: 'outsideHours' };
  }
  return { field: 'slot', code: 'choice' };
}

export function findResource(schedule: Schedule, id: number | null): Resource | undefined {
  return id === null ? undefined : schedule.resources.find((r) => r.id === id);
}
