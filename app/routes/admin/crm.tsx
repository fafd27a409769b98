import type { Route } from './+types/crm';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminDateTime, useAdminLocale, useAdminT } from '#app/lib/admin-i18n.tsx';
import crmEn from '#core/i18n/catalogs/admin/crm-en.ts';
import crmRu from '#core/i18n/catalogs/admin/crm-ru.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import { AdminTitle, Notice, TableScroll } from '#app/components/admin/shell.tsx';

/** The setting an operator fixes when a CRM refuses our credentials (server/modules/crm/registry.ts says the same). */
const CREDENTIALS: Record<string, string> = { bitrix24: 'BITRIX24_WEBHOOK_URL', amocrm: 'AMOCRM_TOKEN' };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'leads');
  const { services } = context.get(appContext);
  const health = await services.crm.health();
  return {
    adapters: health
      .filter((h) => h.configured || h.queued.leads + h.queued.events > 0)
      .map((h) => ({ ...h, pausedAt: h.pausedAt ? h.pausedAt.toISOString() : null })),
  };
}

/**
 * The CRM adapters' health (sales, administrators; docs/guides/crm.md "Operations"): per adapter, leads and deal
 * events queued, delivered and failing, the last error, and whether the CRM refuses our credentials (then the setting
 * to fix). The same figures are on /metrics.
 */
export default function AdminCrm({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const when = useAdminDateTime();
  // The counts' plural forms by the member's language's rules (Intl.PluralRules).
  const words = locale === 'en' ? crmEn : crmRu;
  const both = (counts: { leads: number; events: number }) =>
    `${formatMessage(words.leads, { count: counts.leads }, locale)}, ${formatMessage(words.events, { count: counts.events }, locale)}`;
  return (
    <section>
      <AdminTitle>{t('crm.title')}</AdminTitle>
      <p className="mb-6 max-w-3xl">{t('crm.intro')}</p>
      {loaderData.adapters.length === 0 ? (
        <p>{t('crm.none')}</p>
      ) : (
        <>
          {loaderData.adapters
            .filter((a) => a.pausedAt)
            .map((a) => (
              <Notice key={a.channel} tone="error">
                {`${t(`crm.channels.${a.channel}`)}: ${t('crm.paused')}. ${t('crm.fix', { setting: CREDENTIALS[a.channel] ?? a.channel })}`}
              </Notice>
            ))}
          <TableScroll>
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">{t('crm.adapter')}</th>
                  <th scope="col">{t('crm.state')}</th>
                  <th scope="col">{t('crm.queued')}</th>
                  <th scope="col">{t('crm.delivered')}</th>
                  <th scope="col">{t('crm.failing')}</th>
                  <th scope="col">{t('crm.lastError')}</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.adapters.map((a) => (
                  <tr key={a.channel}>
                    <th scope="row">{t(`crm.channels.${a.channel}`)}</th>
                    <td>
                      {!a.configured ? t('crm.off') : a.pausedAt ? `${t('crm.paused')} (${t('crm.pausedSince', { at: when(a.pausedAt) })})` : t('crm.running')}
                    </td>
                    <td>{both(a.queued)}</td>
                    <td>{both(a.delivered)}</td>
                    <td>{both(a.failing)}</td>
                    <td className="font-mono text-xs">{a.lastError ?? t('crm.noError')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
