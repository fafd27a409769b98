import type { Localized } from '#core/schemas/localized.ts';

/**
 * When meetings, broker tours and partner meetings can happen (spec §1 "meeting booking, broker tours,
 * partner meetings"). Times are Moscow time (UTC+3 all year), dates `YYYY-MM-DD`, slots `HH:MM`.
 */
export const MOSCOW_OFFSET = '+03:00';
const MOSCOW_OFFSET_MS = 3 * 3600_000;

export type BookingKind = 'meeting' | 'broker_tour' | 'partner_meeting';
export type Resource = { id: number; name: Localized; address?: Localized };
export type Schedule = {
  kind: BookingKind;
  /** The form field naming the resource: an office, or the project a broker tour visits. */
  field: 'office' | 'project';
  resources: Resource[];
  days: number;
  weekdays: number[];
  slots: string[];
  capacity: number;
  /** How far ahead of its start a slot can still be booked. */
  leadTimeMs: number;
};

const hourly = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, '0')}:00`);

export const SCHEDULES: Record<BookingKind, Schedule> = {
  meeting: {
    kind: 'meeting',
    field: 'office',
    // The offices table's offices taking meetings, filled in by `scheduleOf`.
    resources: [],
    days: 14,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    slots: hourly(10, 19),
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
    // Partners meet at the head office (the offices table's `head_office` kind), filled in by `scheduleOf`.
    resources: [],
    days: 21,
    weekdays: [1, 2, 3, 4, 5],
    slots: ['11:00', '14:00', '16:00'],
    capacity: 1,
    leadTimeMs: 24 * 3600_000,
  },
};

/** An office as a meeting resource: the sales offices table's row (server/modules/offices/service.ts). */
export type OfficeResource = Resource & { kind: 'head_office' | 'sales_office' };

/**
 * A kind's schedule: a meeting at any office taking meetings, a partner meeting at the head office, a broker tour
 * to any of the catalogue's projects.
 */
export function scheduleOf(kind: BookingKind, projects: readonly Resource[], offices: readonly OfficeResource[]): Schedule {
  if (kind === 'broker_tour') return { ...SCHEDULES.broker_tour, resources: [...projects] };
  const shown = kind === 'partner_meeting' ? offices.filter((o) => o.kind === 'head_office') : offices;
  return { ...SCHEDULES[kind], resources: shown.map(({ id, name, address }) => ({ id, name, ...(address ? { address } : {}) })) };
}

export function moscowDate(instant: Date): string {
  return new Date(instant.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

export function slotInstant(date: string, slot: string): Date {
  return new Date(`${date}T${slot}:00${MOSCOW_OFFSET}`);
}

export function resourceKey(kind: BookingKind, id: number): string {
  return `${kind}:${id}`;
}

export type Candidate = { resource: number; date: string; slot: string; startsAt: Date };

/** Every slot of the schedule from now on, before bookings are subtracted. */
export function candidateSlots(schedule: Schedule, resourceIds: number[], now: Date): Candidate[] {
  const out: Candidate[] = [];
  const first = moscowDate(now);
  for (let day = 0; day <= schedule.days; day++) {
    const date = moscowDate(new Date(Date.parse(`${first}T12:00:00Z`) + day * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (!schedule.weekdays.includes(weekday)) continue;
    for (const slot of schedule.slots) {
      const startsAt = slotInstant(date, slot);
      if (startsAt.getTime() - now.getTime() < schedule.leadTimeMs) continue;
      for (const resource of resourceIds) out.push({ resource, date, slot, startsAt });
    }
  }
  return out;
}

export function findResource(schedule: Schedule, id: number | null): Resource | undefined {
  return id === null ? undefined : schedule.resources.find((r) => r.id === id);
}
