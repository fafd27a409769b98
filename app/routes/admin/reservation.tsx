import { data, Link } from 'react-router';
import type { Route } from './+types/reservation';
import { mayEnter } from '#core/admin/roles.ts';
import { lotProgrammes } from '#core/purchase/payments.ts';
import { pick } from '#core/schemas/localized.ts';
import type { DealStageName } from '#core/admin/deals.ts';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminDateTime, useAdminLocale, useAdminT, type AdminMessageKey } from '#app/lib/admin-i18n.tsx';
import { AdminTitle } from '#app/components/admin/shell.tsx';
import { ReservationActions } from '#app/components/admin/reservation-actions.tsx';
import { ReservationProgramme } from '#app/components/admin/reservation-programme.tsx';

/** The reasons the system cancels a reservation for (reservations module), and a deposit refund's states (refunds.ts). */
const CANCEL_REASONS: readonly string[] = ['buyer', 'crm', 'lot_unavailable', 'payment_canceled', 'payment_failed'];
const REFUND_STATES: readonly string[] = ['pending', 'succeeded', 'canceled', 'failed'];
/** The site's languages, named in the member's (a buyer's, a lead's). */
const ADMIN_LANGUAGES: readonly string[] = ['ru', 'en', 'zh'];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, 'any');
  const found = await context.get(appContext).services.dealReader.get(staff, params.id);
  if (!found) throw data(null, { status: 404 });
  const r = found.reservation;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const { finance, catalogue } = context.get(appContext).services;
  // The programmes the deal may be given: the lot page's rule (core/purchase), as the reserve form's and the API's check.
  const sources = {
    valid: (day: string) => finance.valid(day),
    today: () => finance.today(),
    lot: async (id: string) => (await catalogue.lotsByIds([id], 'ru'))[0],
  };
  const [offered, financeData] = await Promise.all([lotProgrammes(sources, String(r.lotId)).catch(() => null), finance.data().catch(() => null)]);
  const current = r.programmeId ? financeData?.programmes.find((p) => p.id === r.programmeId) : undefined;
  return {
    canAct: mayEnter(staff.role, 'leads'),
    programme: {
      current: r.programmeId ? { id: r.programmeId, name: current?.name ?? null } : null,
      offered: (offered ?? []).map((p) => ({ id: p.id, name: p.name })),
    },
    reservation: {
      id: r.id,
      lotId: r.lotId,
      lotNumber: r.lotNumber,
      projectName: r.projectName,
      state: r.state,
      dealStage: r.dealStage,
      locale: r.locale,
      amountKopecks: r.amountKopecks,
      refundedKopecks: r.refundedKopecks,
      refundStatus: r.refundStatus,
      createdAt: r.createdAt.toISOString(),
      holdExpiresAt: r.holdExpiresAt.toISOString(),
      paidAt: iso(r.paidAt),
      endsAt: iso(r.endsAt),
      canceledAt: iso(r.canceledAt),
      cancelReason: r.cancelReason,
      tokenRevokedAt: iso(r.tokenRevokedAt),
      version: r.version,
    },
    buyer: found.buyer,
    events: found.events.map((e) => ({ id: e.id, kind: e.kind, stage: e.stage, source: e.source, at: e.at.toISOString(), data: e.data })),
    documents: found.documents.map((d) => ({ id: d.id, title: d.title, bytes: d.bytes, createdAt: d.createdAt.toISOString() })),
  };
}

/** A reservation: its terms and states, the buyer (sales and admin), the timeline, the documents, and the sales team's actions. */
export default function AdminReservation({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  // The system's reasons and the refund's states are codes, worded here (issue #42); a member's own reason is shown as typed.
  const cancelReason = (code: string | null) =>
    code === null ? '—' : CANCEL_REASONS.includes(code) ? t(`reservations.detail.cancelReasons.${code}` as AdminMessageKey) : code;
  const refundState = (code: string) => (REFUND_STATES.includes(code) ? t(`reservations.detail.refundStates.${code}` as AdminMessageKey) : code);
  const when = useAdminDateTime();
  const locale = useAdminLocale();
  const { reservation: r, buyer, events, documents, canAct, programme } = loaderData;
  const money = (kopecks: number) =>
    new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }).format(kopecks / 100);
  const kind = (k: string, stage: string | null) => {
    const key = `reservations.detail.kinds.${k}` as AdminMessageKey;
    const text = t(key, { stage: stage ? t(`reservations.stages.${stage as DealStageName}`) : '' });
    return text === key ? k : text;
  };
  const rows: [string, string][] = [
    [t('reservations.created'), when(r.createdAt)],
    [t('reservations.project'), r.projectName ?? '—'],
    [t('reservations.lot'), r.lotNumber ?? String(r.lotId)],
    [t('reservations.state'), t(`reservations.states.${r.state}`)],
    [t('reservations.stage'), r.paidAt ? t(`reservations.stages.${r.dealStage}`) : '—'],
    [t('reservations.deposit'), money(r.amountKopecks)],
    [t('reservations.detail.holdExpiresAt'), when(r.holdExpiresAt)],
    [t('reservations.detail.paidAt'), r.paidAt ? when(r.paidAt) : '—'],
    [t('reservations.endsAt'), r.endsAt ? when(r.endsAt) : '—'],
    ...(r.canceledAt ? ([[t('reservations.detail.canceledAt'), `${when(r.canceledAt)} (${cancelReason(r.cancelReason)})`]] as [string, string][]) : []),
    ...(r.refundStatus
      ? ([[t('reservations.detail.refund'), `${refundState(r.refundStatus)}, ${t('reservations.detail.refunded')}: ${money(r.refundedKopecks)}`]] as [
          string,
          string,
        ][])
      : []),
    [
      t('reservations.detail.link'),
      r.tokenRevokedAt ? t('reservations.detail.linkRevoked', { time: when(r.tokenRevokedAt) }) : t('reservations.detail.linkActive'),
    ],
    [
      t('reservations.detail.programme'),
      programme.current ? (programme.current.name ? pick(programme.current.name, locale) : programme.current.id) : t('reservations.detail.programmeNone'),
    ],
    [t('reservations.detail.locale'), ADMIN_LANGUAGES.includes(r.locale) ? t(`lead.languages.${r.locale}` as AdminMessageKey) : r.locale],
  ];
  return (
    <section>
      <p className="mb-2">
        <Link to="/admin/reservations" className="text-brand-800 underline">
          {t('reservations.detail.back')}
        </Link>
      </p>
      <AdminTitle>{t('reservations.detail.title', { lot: r.lotNumber ?? String(r.lotId) })}</AdminTitle>
      <h2 className="mt-4 mb-2 text-xl font-semibold">{t('reservations.detail.fields')}</h2>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('reservations.detail.buyer')}</h2>
      {buyer ? (
        <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-semibold">{t('reservations.detail.name')}</dt>
          <dd>{buyer.name}</dd>
          <dt className="font-semibold">{t('reservations.detail.phone')}</dt>
          <dd>{buyer.phone}</dd>
          <dt className="font-semibold">{t('reservations.detail.email')}</dt>
          <dd>{buyer.email}</dd>
        </dl>
      ) : (
        <p className="text-muted">{t('reservations.detail.buyerHidden')}</p>
      )}
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('reservations.detail.timeline')}</h2>
      {events.length === 0 ? (
        <p>{t('reservations.detail.noEvents')}</p>
      ) : (
        <ol className="max-w-3xl list-none space-y-1">
          {events.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{when(e.at)}</time> — {kind(e.kind, e.stage)} ({t(`reservations.detail.sources.${e.source}`)})
              {typeof e.data.reason === 'string' ? `: ${e.data.reason}` : ''}
            </li>
          ))}
        </ol>
      )}
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('reservations.detail.documents')}</h2>
      {documents.length === 0 ? (
        <p>{t('reservations.detail.noDocuments')}</p>
      ) : (
        <ul className="max-w-3xl list-disc pl-6">
          {documents.map((d) => (
            <li key={d.id}>
              {d.title} — {t('reservations.detail.documentSize', { size: Math.max(1, Math.round(d.bytes / 1024)) })}, {when(d.createdAt)}
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('reservations.actions.title')}</h2>
      {canAct ? (
        <div className="grid max-w-3xl gap-4">
          <ReservationActions
            deal={{ id: r.id, state: r.state, dealStage: r.dealStage, version: r.version, paid: r.paidAt !== null, tokenRevoked: r.tokenRevokedAt !== null }}
          />
          {r.state === 'reserved' || r.state === 'held' ? (
            <ReservationProgramme
              deal={{ id: r.id, version: r.version }}
              current={programme.current?.id ?? null}
              offered={programme.offered.map((p) => ({ id: p.id, name: pick(p.name, locale) }))}
            />
          ) : null}
        </div>
      ) : (
        <p className="text-muted">{t('reservations.actions.readOnly')}</p>
      )}
    </section>
  );
}
