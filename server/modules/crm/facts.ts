import { eq } from 'drizzle-orm';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { buildings, lots, projects, type leads, type reservations } from '../../db/schema/index.ts';
import { lotUrl, readLotOffer } from '../catalogue/index.ts';
import type { CrmLeadFacts } from './adapter.ts';

export type LeadRow = typeof leads.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;

/** A lot as the catalogue has it when the lead is sent (one fact, one state: read from the database at send time). */
export type LotFact = NonNullable<CrmLeadFacts['lot']>;

const T = ru.crm;
const words = (group: Record<string, string>, code: string) => (Object.hasOwn(group, code) ? group[code]! : code);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null);
const num = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const rub = (kopecks: number) => Math.round(kopecks) / 100;

/**
 * The lot of `id` as the catalogue has it now, with its page's address on `origin`; null when there is none. Its price
 * is the one the site offers it at (catalogue `readLotOffer`: the same rule as the lead e-mail's, one commercial state).
 */
export async function readLotFact(db: Db, id: number, origin: string, now = new Date()): Promise<LotFact | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ lot: lots, project: { name: projects.name, shortSlug: projects.shortSlug }, building: { name: buildings.name } })
    .from(lots)
    .innerJoin(projects, eq(projects.id, lots.projectId))
    .leftJoin(buildings, eq(buildings.id, lots.buildingId))
    .where(eq(lots.id, id))
    .limit(1);
  if (!row) return null;
  const { lot } = row;
  const offer = await readLotOffer(db, lot.id, now);
  return {
    id: lot.id,
    number: lot.number,
    type: lot.type,
    typeText: words(ru.catalogue.lotType, lot.type),
    project: pick(row.project.name, 'ru'),
    building: row.building ? pick(row.building.name, 'ru') : null,
    floor: lot.floor,
    areaM2: lot.area,
    priceRub: offer?.price ?? null,
    rent: offer?.offer === 'rent',
    url: new URL(lotUrl(row.project.shortSlug, lot.type, lot.number), origin).href,
  };
}

/**
 * The counters' client ids from the lead's context: `analytics_client_id` is Google Analytics' when it came from the
 * `_ga` cookie (`<random>.<seconds>`), Yandex Metrica's `_ym_uid` otherwise (digits only; core/tracking/visitor.ts).
 */
function clientIds(context: LeadRow['context']): { yandexClientId: string | null; googleClientId: string | null } {
  const yandex = str(context.yandex_client_id ?? context.ym_client_id);
  const google = str(context.google_client_id ?? context.ga_client_id);
  const either = str(context.analytics_client_id);
  return {
    yandexClientId: yandex ?? (either && !either.includes('.') ? either : null),
    googleClientId: google ?? (either?.includes('.') ? either : null),
  };
}

/** The context and details already said by a named fact: the rest go to `otherLines`. */
const NAMED = new Set([
  'page_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'landing_page',
  'referrer',
  'analytics_client_id',
  'yandex_client_id',
  'ym_client_id',
  'google_client_id',
  'ga_client_id',
  'lot',
  'lot_number',
  'lot_price',
  'programme',
  'programme_name',
  'monthly_payment',
  'down_payment',
  'term_months',
  'comment',
  'starts_at',
  'office_name',
]);

/** Where the lead named a lot: the request's context (`lot`, the catalogue's id). */
export function leadLotId(lead: Pick<LeadRow, 'context' | 'details'>): number | null {
  const id = num(lead.context.lot ?? lead.details.lot);
  return id !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function title(kindText: string, topicText: string | null, lot: LotFact | null): string {
  const head = topicText ? formatMessage(T.titleTopic, { kind: kindText, topic: topicText }) : formatMessage(T.title, { kind: kindText });
  if (!lot) return head;
  return formatMessage(T.titleLot, { title: head, project: lot.project, lot: formatMessage(words(ru.catalogue.lotShort, lot.type), { number: lot.number }) });
}

/**
 * Everything a manager should see of one lead (the contract's `CrmLeadFacts`): the lead row's own fields, the lot it
 * names as `lot` reads it now (`readLotFact`), the programme and its monthly payment as the server quoted them
 * (submit.ts), a meeting's time and office, the visit's first UTM tags, referrer, landing page and counters' ids, and
 * every other detail as Russian `label: value` lines. `origin` makes the page addresses absolute.
 */
export function buildLeadFacts(lead: LeadRow, lot: LotFact | null, origin: string): CrmLeadFacts {
  const { context, details } = lead;
  const kindText = words(ru.forms.salesEmail.kinds, lead.kind);
  const topicText = lead.kind === 'request' && lead.topic ? words(ru.forms.requestTypes, lead.topic) : lead.topic;
  const programmeName = str(context.programme_name) ?? str(context.programme);
  const meetingAt = str(details.starts_at);
  const office = str(details.office_name) ?? str(details.project_name);
  const absolute = (path: string | null) => {
    if (!path) return null;
    try {
      return new URL(path, origin).href;
    } catch {
      return null;
    }
  };
  const otherLines: string[] = [];
  for (const [key, value] of [...Object.entries(details), ...Object.entries(context)]) {
    if (NAMED.has(key) || value === null || value === undefined || value === '') continue;
    const label = words({ ...ru.forms.salesEmail.context, ...ru.purchase.salesEmail } as Record<string, string>, key);
    otherLines.push(`${label}: ${typeof value === 'boolean' ? (value ? T.facts.yes : T.facts.no) : String(value)}`);
  }
  return {
    leadId: lead.id,
    createdAt: lead.createdAt,
    kind: lead.kind,
    kindText,
    topic: lead.topic,
    title: title(kindText, topicText, lot),
    locale: lead.locale === 'en' || lead.locale === 'zh' ? lead.locale : 'ru',
    // Leads from the English landing and English pages go to the English-speaking managers (spec §1).
    managerLanguage: lead.locale === 'ru' ? 'ru' : 'en',
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    // A broker tour's agency, a partner meeting's company (amoCRM makes it the deal's company).
    company: str(details.agency) ?? str(details.company),
    consentAt: lead.consentAt,
    newsletter: lead.newsletter,
    comment: str(details.comment),
    pageUrl: absolute(str(context.page_url)),
    lot,
    programme: programmeName
      ? {
          name: programmeName,
          monthlyPaymentRub: num(context.monthly_payment),
          downPaymentRub: num(context.down_payment),
          termMonths: num(context.term_months),
        }
      : null,
    meeting: meetingAt || office ? { at: meetingAt ? new Date(meetingAt) : null, office } : null,
    reservation: null,
    attribution: {
      utmSource: str(context.utm_source),
      utmMedium: str(context.utm_medium),
      utmCampaign: str(context.utm_campaign),
      utmContent: str(context.utm_content),
      utmTerm: str(context.utm_term),
      referrer: str(context.referrer),
      landingPage: absolute(str(context.landing_page)),
      ...clientIds(context),
    },
    otherLines,
  };
}

/** A lead's facts with its lot read from the catalogue now. */
export async function leadFacts(db: Db, lead: LeadRow, origin: string): Promise<CrmLeadFacts> {
  const lotId = leadLotId(lead);
  return buildLeadFacts(lead, lotId === null ? null : await readLotFact(db, lotId, origin), origin);
}

/**
 * A paid reservation as the facts of its CRM deal: the buyer's contact, the lot, the deposit and the reservation's end.
 * `leadId` is the reservation's id (a deal is found again by it), `kind` is `reservation`.
 */
export function buildReservationFacts(row: ReservationRow, lot: LotFact | null): CrmLeadFacts {
  const lotText = lot ? formatMessage(words(ru.catalogue.lotShort, lot.type), { number: lot.number }) : `#${row.lotId}`;
  return {
    leadId: row.id,
    createdAt: row.paidAt ?? row.createdAt,
    kind: 'reservation',
    kindText: T.facts.reservation,
    topic: null,
    title: formatMessage(T.reservationTitle, { project: lot?.project ?? `#${row.projectId}`, lot: lotText }),
    locale: row.locale === 'en' || row.locale === 'zh' ? row.locale : 'ru',
    managerLanguage: row.locale === 'ru' ? 'ru' : 'en',
    name: row.name,
    phone: row.phone,
    email: row.email,
    // The reserve form asks for consent before the hold is made.
    consentAt: row.createdAt,
    newsletter: false,
    comment: null,
    pageUrl: lot?.url ?? null,
    lot,
    programme: null,
    meeting: null,
    reservation: { id: row.id, depositRub: rub(row.amountKopecks), endsAt: row.endsAt },
    attribution: {
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmContent: null,
      utmTerm: null,
      referrer: null,
      landingPage: null,
      yandexClientId: null,
      googleClientId: null,
    },
    otherLines: [],
  };
}

/**
 * The facts as Russian `label: value` lines, for a CRM's comment: every fact is there whatever the field mapping
 * sends, so nothing is lost to a mapping left out.
 */
export function factLines(facts: CrmLeadFacts): string[] {
  const F = T.facts;
  const lines: [string, unknown][] = [
    [F.leadId, facts.leadId],
    [F.kind, facts.kindText],
    [F.topic, facts.topic],
    [F.locale, facts.locale],
    [F.comment, facts.comment],
    [F.pageUrl, facts.pageUrl],
    [F.lot, facts.lot?.number],
    [F.lotType, facts.lot?.typeText],
    [F.project, facts.lot?.project],
    [F.building, facts.lot?.building],
    [F.floor, facts.lot?.floor],
    [F.area, facts.lot?.areaM2],
    // A let lot's price is its monthly rent: said so, in the lot page's own word for it.
    [facts.lot?.rent ? `${ru.catalogue.lot.rent}, ₽` : F.price, facts.lot?.priceRub],
    [F.lotUrl, facts.lot?.url],
    [F.programme, facts.programme?.name],
    [F.monthlyPayment, facts.programme?.monthlyPaymentRub],
    [F.downPayment, facts.programme?.downPaymentRub],
    [F.term, facts.programme?.termMonths],
    [F.meetingAt, facts.meeting?.at?.toISOString()],
    [F.office, facts.meeting?.office],
    [F.reservation, facts.reservation?.id],
    [F.deposit, facts.reservation?.depositRub],
    [F.reservedUntil, facts.reservation?.endsAt?.toISOString()],
    ['utm_source', facts.attribution.utmSource],
    ['utm_medium', facts.attribution.utmMedium],
    ['utm_campaign', facts.attribution.utmCampaign],
    ['utm_content', facts.attribution.utmContent],
    ['utm_term', facts.attribution.utmTerm],
    [F.referrer, facts.attribution.referrer],
    [F.landingPage, facts.attribution.landingPage],
    [F.yandexClientId, facts.attribution.yandexClientId],
    [F.googleClientId, facts.attribution.googleClientId],
    [F.newsletter, facts.newsletter ? F.yes : F.no],
    // The lead e-mail's word for it (one text system: forms.salesEmail.fields.consent).
    [ru.forms.salesEmail.fields.consent, facts.consentAt.toISOString()],
  ];
  return [
    ...lines.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([label, value]) => `${label}: ${String(value)}`),
    ...facts.otherLines,
  ];
}
