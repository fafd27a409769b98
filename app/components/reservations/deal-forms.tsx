import { buttonClass } from '#app/components/ui/button.tsx';
import { Checkbox, SelectField } from '#app/components/ui/field.tsx';
import { CsrfField } from '#app/lib/csrf.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { useMoments } from './moment.ts';
import { useDeposit } from './terms.tsx';
import type { DealView } from './types.ts';

const CARD = 'panel';

/** What the deal page's forms show after a post that changed nothing. */
export type DealFormResult = { intent: 'cancel'; error: 'confirmRequired' | 'failed' } | { intent: 'handover'; error: 'failed' };

/**
 * Cancel with a full refund while the window is open (its deadline said), else when it closed. Posts to the deal
 * page itself (the token in its address proves the buyer): works without JavaScript, answered by a redirect to
 * the page, which then shows the cancellation and its refund.
 */
export function CancelForm({ deal, action, result }: { deal: DealView; action: string; result?: DealFormResult | undefined }) {
  const t = useT();
  const { time } = useMoments();
  const deposit = useDeposit(deal.depositKopecks);
  if (!deal.cancel) return null;
  const error = result?.intent === 'cancel' ? result.error : null;
  return (
    <section aria-labelledby="deal-cancel-title" className={CARD}>
      <h2 id="deal-cancel-title" className="text-xl font-bold">
        {t('reservations.deal.cancel.title')}
      </h2>
      {deal.cancel.open ? (
        <form method="post" action={action} noValidate className="mt-3 grid gap-4">
          <p className="text-muted">{t('reservations.deal.cancel.text', { time: time(deal.cancel.deadline), amount: deposit })}</p>
          <CsrfField />
          <input type="hidden" name="intent" value="cancel" />
          <Checkbox
            name="confirm"
            label={t('reservations.deal.cancel.confirm')}
            error={error === 'confirmRequired' ? t('reservations.deal.cancel.confirmRequired') : undefined}
          />
          {error === 'failed' ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {t('reservations.deal.cancel.failed')}
            </p>
          ) : null}
          <div>
            <button type="submit" className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}>
              {t('reservations.deal.cancel.submit')}
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-3 text-muted">{t('reservations.deal.cancel.closedText', { time: time(deal.cancel.deadline) })}</p>
      )}
    </section>
  );
}

/** The key handover: a slot from the sales office's hours once the contract is registered, or the slot booked. */
export function HandoverForm({ deal, action, result }: { deal: DealView; action: string; result?: DealFormResult | undefined }) {
  const t = useT();
  const { time } = useMoments();
  const handover = deal.handover;
  if (!handover) return null;
  const failed = result?.intent === 'handover';
  return (
    <section aria-labelledby="deal-handover-title" className={CARD}>
      <h2 id="deal-handover-title" className="text-xl font-bold">
        {t('reservations.deal.handover.title')}
      </h2>
      {handover.booked ? (
        <p role="status" className="mt-3 rounded-2xl bg-brand-50 p-4 font-semibold">
          {t('reservations.deal.handover.booked', { time: time(handover.booked) })}
        </p>
      ) : handover.slots.length === 0 ? (
        <p className="mt-3 text-muted">{t('reservations.deal.handover.none')}</p>
      ) : (
        <form method="post" action={action} noValidate className="mt-3 grid gap-4 sm:max-w-md">
          <p className="text-muted">{t('reservations.deal.handover.text')}</p>
          <CsrfField />
          <input type="hidden" name="intent" value="handover" />
          <SelectField
            name="slot"
            label={t('reservations.deal.handover.slot')}
            required
            options={handover.slots.map((slot) => ({ value: slot.value, label: time(slot.at) }))}
            error={failed ? t('reservations.deal.handover.failed') : undefined}
          />
          <div>
            <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
              {t('reservations.deal.handover.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
