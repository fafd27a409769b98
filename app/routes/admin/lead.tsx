import { useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import type { Route } from './+types/lead';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminDateTime, useAdminT, useLeadWords, type AdminMessageKey } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { AdminTitle, Notice } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';

/** A lead's delivery channels and the site's languages, each named in the member's language, not by its code (issue #42). */
const CHANNELS: readonly string[] = ['crm', 'email', 'bitrix24', 'amocrm'];
const LANGUAGES: readonly string[] = ['ru', 'en', 'zh'];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, 'leads');
  const found = await context.get(appContext).services.leadDesk.get(staff, params.id);
  if (!found) throw data(null, { status: 404 });
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    lead: { ...found.lead, createdAt: found.lead.createdAt.toISOString(), consentAt: found.lead.consentAt.toISOString() },
    deliveries: found.deliveries.map((d) => ({
      ...d,
      nextAttemptAt: d.nextAttemptAt.toISOString(),
      deliveredAt: iso(d.deliveredAt),
      lockedUntil: iso(d.lockedUntil),
    })),
  };
}

/** A lead (sales, administrators): its fields, where it came from, its delivery attempts, and redelivery. */
export default function AdminLead({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const when = useAdminDateTime();
  const words = useLeadWords();
  const api = useApi();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const { lead, deliveries } = loaderData;
  const rows: [string, string][] = [
    [t('leads.created'), when(lead.createdAt)],
    [t('lead.kind'), words.kind(lead.kind)],
    [t('lead.topic'), words.topic(lead.topic)],
    [t('lead.locale'), LANGUAGES.includes(lead.locale) ? t(`lead.languages.${lead.locale}` as AdminMessageKey) : lead.locale],
    [t('leads.name'), lead.name],
    [t('leads.phone'), lead.phone ?? '—'],
    [t('leads.email'), lead.email ?? '—'],
    [t('lead.newsletter'), lead.newsletter ? '✓' : '—'],
    [t('lead.consent'), when(lead.consentAt)],
  ];
  return (
    <section>
      <p className="mb-2">
        <Link to="/admin/leads" className="text-brand-800 underline">
          {t('lead.back')}
        </Link>
      </p>
      <AdminTitle>{t('lead.title', { id: lead.id })}</AdminTitle>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <h2 className="mt-4 mb-2 text-xl font-semibold">{t('lead.fields')}</h2>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('lead.details')}</h2>
      <pre className="max-w-3xl overflow-x-auto rounded-xl bg-white p-3 text-sm">{JSON.stringify(lead.details, null, 2)}</pre>
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('lead.context')}</h2>
      <pre className="max-w-3xl overflow-x-auto rounded-xl bg-white p-3 text-sm">{JSON.stringify(lead.context, null, 2)}</pre>
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('lead.deliveries')}</h2>
      {deliveries.length === 0 ? (
        <p>{t('lead.none')}</p>
      ) : (
        <table className="w-full max-w-4xl border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="p-2">
                {t('lead.channel')}
              </th>
              <th scope="col" className="p-2">
                {t('lead.attempts')}
              </th>
              <th scope="col" className="p-2">
                {t('lead.deliveredAt')}
              </th>
              <th scope="col" className="p-2">
                {t('lead.next')}
              </th>
              <th scope="col" className="p-2">
                {t('lead.lastError')}
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id} className="border-b border-line">
                <td className="p-2">{CHANNELS.includes(d.channel) ? t(`lead.channels.${d.channel}` as AdminMessageKey) : d.channel}</td>
                <td className="p-2">{d.attempts}</td>
                <td className="p-2">{d.deliveredAt ? when(d.deliveredAt) : '—'}</td>
                <td className="p-2">{d.deliveredAt ? '—' : when(d.nextAttemptAt)}</td>
                <td className="p-2 break-all">{d.lastError ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deliveries.length ? (
        <Button
          className="mt-4"
          onClick={async () => {
            setNotice(null);
            try {
              await api(`/api/admin/leads/${lead.id}/redeliver/`, { method: 'POST' });
              setNotice({ tone: 'ok', text: t('lead.redelivered') });
              await revalidator.revalidate();
            } catch {
              setNotice({ tone: 'error', text: t('error.text') });
            }
          }}
        >
          {t('lead.redeliver')}
        </Button>
      ) : null}
    </section>
  );
}
