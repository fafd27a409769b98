import { asc, eq } from 'drizzle-orm';
import {
  dayText,
  hoursLines,
  officeRouteUrl,
  officeStatus,
  upcomingExceptions,
  utcOffsetLabel,
  type OfficeHours,
  type OfficeView,
} from '#core/content/offices.ts';
import { formatDay } from '#core/i18n/dates.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { loadMessages, translator } from '#core/i18n/messages.ts';
import { pick, type Localized } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { officeProjects, offices } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

type OfficeRow = typeof offices.$inferSelect;
type Directory = () => Promise<{ id: number; name: Localized; url: string }[]>;

/** An office as the meeting booking form offers it (server/modules/leads/schedule.ts's Resource), with its hours. */
export type OfficeResource = { id: number; name: Localized; address: Localized; kind: OfficeRow['kind']; hours: OfficeHours };

const hoursOfRow = (row: OfficeRow): OfficeHours => ({ timeZone: row.timeZone, week: row.schedule, exceptions: row.exceptions });

/**
 * The sales offices: one table read through the shared cache (the page keeps its last good copy while the
 * database is away), shown in one language with whether each is open at the given instant (its own time zone,
 * holidays and changed days included) and the
 * catalogue's projects it serves (a project the catalogue no longer has is left out).
 */
export function createOfficeService(db: Db, projects: Directory, policy: CachePolicy = STRICT_POLICY) {
  const rows = cached(
    async () => {
      const [officeRows, links] = await Promise.all([
        db.select().from(offices).where(eq(offices.published, true)).orderBy(asc(offices.position), asc(offices.id)),
        db.select().from(officeProjects).orderBy(asc(officeProjects.position), asc(officeProjects.projectId)),
      ]);
      const served = new Map<number, number[]>();
      for (const link of links) served.set(link.officeId, [...(served.get(link.officeId) ?? []), link.projectId]);
      return officeRows.map((row) => ({ row, projects: served.get(row.id) ?? [] }));
    },
    30_000,
    policy,
    'offices',
  );

  async function views(locale: Locale, now: Date, keep: (o: { row: OfficeRow; projects: number[] }) => boolean): Promise<OfficeView[]> {
    const [all, directory, messages] = await Promise.all([rows.get(), projects(), loadMessages(locale)]);
    const t = translator(messages, locale);
    const byId = new Map(directory.map((p) => [p.id, p]));
    return all.filter(keep).map(({ row, projects: ids }) => {
      const name = pick(row.name, locale);
      const hours = hoursOfRow(row);
      const exceptions = upcomingExceptions(hours, now);
      return {
        id: row.id,
        slug: row.slug,
        kind: row.kind,
        name,
        address: pick(row.address, locale),
        phones: row.phones,
        email: row.email,
        timeZone: row.timeZone,
        utcOffset: utcOffsetLabel(now.getTime(), row.timeZone),
        schedule: row.schedule,
        exceptions,
        hours: [
          ...hoursLines(row.schedule, t).map((line) => `${line.days}: ${line.hours}`),
          ...exceptions.map((e) => `${formatDay(e.date, locale, 'dayMonth')}: ${dayText(e.hours, t)}`),
        ].join('; '),
        status: officeStatus(hours, now),
        lat: row.lat,
        lng: row.lng,
        routeUrl: officeRouteUrl(row),
        photo: { src: row.photo, width: row.photoWidth, height: row.photoHeight, alt: t('offices.photo', { name }) },
        projects: ids.flatMap((id) => {
          const project = byId.get(id);
          return project ? [{ id: String(id), name: pick(project.name, locale), url: project.url }] : [];
        }),
      };
    });
  }

  return {
    /** Every published office in its order; with `project`, those serving that catalogue project. */
    list(locale: Locale, filter: { project?: number | undefined } = {}, now = new Date(policy.now())): Promise<OfficeView[]> {
      return views(locale, now, (o) => filter.project === undefined || o.projects.includes(filter.project));
    },

    async get(id: number, locale: Locale, now = new Date(policy.now())): Promise<OfficeView | null> {
      return (await views(locale, now, (o) => o.row.id === id))[0] ?? null;
    },

    /** The offices where a meeting can be booked, and the head offices (partner meetings), in their order. */
    async resources(): Promise<OfficeResource[]> {
      return (await rows.get()).flatMap(({ row }) =>
        row.meetings ? [{ id: row.id, name: row.name, address: row.address, kind: row.kind, hours: hoursOfRow(row) }] : [],
      );
    },

    invalidate: rows.invalidate,
  };
}
export type OfficeService = ReturnType<typeof createOfficeService>;
