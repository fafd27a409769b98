import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { useT } from '#app/lib/i18n.tsx';
import { DealDocuments, DealManager, DealScheduleBlock } from './deal-details.tsx';
import { CancelForm, HandoverForm, type DealFormResult } from './deal-forms.tsx';
import { DealStages } from './deal-stages.tsx';
import { DealStatus } from './deal-status.tsx';
import { ReserveLot } from './reserve-lot.tsx';
import type { DealView } from './types.ts';

/**
 * The buyer's deal page (`/deal/{token}`): the state first, then the lot, and — once paid — the stages, documents,
 * schedule, the cancel and handover forms; the manager's contact always. `here` is the page's own address, where
 * its forms post (the token is in it; it is never logged: core/privacy.ts hideDealToken).
 */
export function DealPage({ deal, here, result }: { deal: DealView; here: string; result?: DealFormResult | undefined }) {
  const t = useT();
  const format = useCatalogueFormat();
  const title = format.lotTitle(deal.lot);
  const active = deal.state === 'reserved' || deal.state === 'completed';
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('reservations.deal.title', { lot: title })}</h1>
      <p className="mt-3 max-w-3xl text-muted">{t('reservations.deal.keepLink')}</p>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(20rem,1fr)] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <DealStatus deal={deal} here={here} />
          {active ? <DealStages deal={deal} /> : null}
          {active ? <HandoverForm deal={deal} action={here} result={result} /> : null}
          {active ? <DealDocuments documents={deal.documents} /> : null}
          {active && deal.schedule ? <DealScheduleBlock schedule={deal.schedule} /> : null}
          {deal.state === 'reserved' ? <CancelForm deal={deal} action={here} result={result} /> : null}
        </div>
        <div className="grid min-w-0 gap-6">
          <ReserveLot lot={deal.lot} title={title} heading="reservations.deal.openLot" />
          <DealManager manager={deal.manager} />
        </div>
      </div>
    </div>
  );
}
