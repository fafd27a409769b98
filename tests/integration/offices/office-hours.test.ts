import { describe, expect, it } from 'vitest';
import { antibotHeaders } from '#core/http/antibot.ts';
import type { OfficeDay, OfficeException, OfficeWeek } from '#core/content/offices.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { DEMO_ANTIBOT_SALT } from '#server/config.ts';
import { CSRF } from '#tests/support/app.ts';
import { visibleText } from '#tests/support/html-text.ts';
import { setupSiteApp } from '#tests/support/site.ts';

type Office = { id: number; slug: string; name: string; hours: string; timeZone: string; schedule: OfficeWeek; exceptions: OfficeException[] };
type Facets = { items: Record<string, { choices: Record<string, number> }> };
type Thing = Record<string, unknown>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** A day's open spans as the office list states them: a break splits the day in two. */
const spans = (day: OfficeDay | null) =>
  !day
    ? []
    : day.break
      ? [
          [day.opens, day.break.from],
          [day.break.to, day.closes],
        ]
      : [[day.opens, day.closes]];
/** The hours the office list gives a calendar day: its exception, else its weekday's. */
const dayOf = (office: Office, date: string) => {
  const exception = office.exceptions.find((e) => e.date === date);
  return exception ? exception.hours : (office.schedule[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] ?? null);
};
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** A page's text with every run of spaces (no-break ones too) as one space. */
const text = (html: string) => visibleText(html).replace(/\s+/g, ' ');

/**
 * Issue #38 "Meeting booking ignores office hours": an office's hours (its week, breaks, holidays and changed days,
 * in its time zone) are one fact in the database, and the office list, the contact page's text and its JSON-LD, and
 * the meeting form's slots say the same; the booking call refuses a time outside them, naming the field.
 */
describe('office hours on every surface', () => {
  const site = setupSiteApp();
  const json = async <T>(path: string, headers: Record<string, string> = {}): Promise<T> => {
    const res = await site.fetch(path, { headers });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  it('agree across the office list, the contact page, its JSON-LD and the meeting slots; a time outside them is refused', async () => {
    const { results: offices } = await json<{ results: Office[] }>('/api/office/?lang=ru');
    const html = await (await site.fetch('/contacts')).text();
    const page = text(html);

    // The demo has an office closed on Mondays and offices with a lunch break.
    const heights = offices.find((o) => o.slug === 'vysoty')!;
    expect(heights.schedule[0]).toBeNull();
    expect(offices.some((o) => o.schedule.some((d) => d?.break))).toBe(true);

    // The contact page's cards say each office's hours as the list words them (days, then hours; special days).
    for (const office of offices)
      for (const line of office.hours.split('; ')) {
        const [days, hours] = [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)];
        expect(page, `${office.slug}: ${line}`).toContain(`${days} ${hours}`);
      }

    // Its JSON-LD: the developer, and each office as a LocalBusiness with the same hours.
    const things = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => [JSON.parse(m[1]!)].flat() as Thing[]);
    expect(things.some((t) => t['@type'] === 'Organization')).toBe(true);
    for (const office of offices) {
      const business = things.find((t) => t['@type'] === 'LocalBusiness' && t.name === office.name);
      expect(business, office.slug).toBeDefined();
      expect(business!.geo).toMatchObject({ '@type': 'GeoCoordinates' });
      const spec = (business!.openingHoursSpecification as Thing[]).map(({ dayOfWeek, validFrom, opens, closes }) => ({ dayOfWeek, validFrom, opens, closes }));
      const weekly = office.schedule.flatMap((day, i) =>
        spans(day).map(([opens, closes]) => ({ dayOfWeek: `https://schema.org/${DAYS[i]}`, validFrom: undefined, opens, closes })),
      );
      const dated = office.exceptions.flatMap((e) =>
        (spans(e.hours).length ? spans(e.hours) : [['00:00', '00:00']]).map(([opens, closes]) => ({ dayOfWeek: undefined, validFrom: e.date, opens, closes })),
      );
      expect(spec, office.slug).toEqual([...weekly, ...dated]);
    }

    // The meeting form's slots: on each offered day, every hour a meeting fits in that day's open spans, and no other.
    const specs = await json<{ name: string; choices?: { value: string }[] }[]>('/api/meeting/specs/');
    const offered = new Set<string>();
    for (const office of offices) {
      const dates = Object.keys((await json<Facets>(`/api/meeting/facets/?office=${office.id}`)).items.date!.choices).sort();
      expect(dates.length, office.slug).toBeGreaterThan(5);
      for (const date of dates.slice(1)) {
        const slots = Object.keys((await json<Facets>(`/api/meeting/facets/?office=${office.id}&date=${date}`)).items.slot!.choices).sort();
        const fitting = spans(dayOf(office, date)).flatMap(([from, to]) => {
          const out: string[] = [];
          for (let m = minutes(from!); m + 60 <= minutes(to!); m += 60) out.push(hhmm(m));
          return out;
        });
        expect(slots, `${office.slug} ${date}`).toEqual(fitting);
        slots.forEach((slot) => offered.add(slot));
      }
      // A day it is closed is never offered.
      const allDays = Array.from({ length: 15 }, (_, i) => new Date(Date.parse(`${dates[0]}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
      for (const date of allDays.filter((d) => !dayOf(office, d))) expect(dates, `${office.slug} closed ${date}`).not.toContain(date);
    }
    expect(specs.find((s) => s.name === 'slot')!.choices!.map((c) => c.value)).toEqual(expect.arrayContaining([...offered]));

    // The booking call refuses a Monday at the office closed on Mondays (the report's «пн, 30 ноября, 19:00» in kind),
    // a time on a lunch break and one already past, naming the field in the visitor's language.
    const book = async (office: number, date: string, slot: string) => {
      const url = '/api/meeting/';
      const res = await site.fetch(url, {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          cookie: `csrftoken=${CSRF}`,
          'x-csrftoken': CSRF,
          ...antibotHeaders(DEMO_ANTIBOT_SALT, '1.0.0-test', url),
          'accept-language': 'en',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Anna', phone: '+7 916 123-45-67', consent: true, office, date, slot }),
      });
      return { status: res.status, errors: ((await res.json()) as { errors?: Record<string, string[]> }).errors };
    };
    const today = new Date().toISOString().slice(0, 10);
    const next = (pick: (date: string) => boolean) =>
      Array.from({ length: 14 }, (_, i) => new Date(Date.parse(`${today}T00:00:00Z`) + (i + 2) * 86_400_000).toISOString().slice(0, 10)).find(pick)!;
    const monday = next((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1 && dayOf(heights, d) === null);
    expect(await book(heights.id, monday, '19:00')).toEqual({ status: 400, errors: { date: [en.forms.validation.officeClosed] } });
    const lunch = offices.find((o) => o.slug === 'sosnovy')!;
    const weekday = next((d) => dayOf(lunch, d)?.break != null);
    const onBreak = dayOf(lunch, weekday)!.break!.from;
    expect(await book(lunch.id, weekday, onBreak)).toEqual({ status: 400, errors: { slot: [en.forms.validation.officeBreak] } });
    expect(await book(lunch.id, weekday, '23:00')).toEqual({ status: 400, errors: { slot: [en.forms.validation.outsideHours] } });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await book(lunch.id, yesterday, '12:00')).toEqual({ status: 400, errors: { date: [en.forms.validation.slotPast] } });
  });
});
