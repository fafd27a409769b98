import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { DEAL_DOCUMENT_MAX_MB, DEAL_STAGE_ORDER, type DealStageName, type DealState } from '#core/admin/deals.ts';
import { ApiError } from '#core/http/client.ts';
import { useAdminT } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { Notice } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Checkbox, SelectField, TextField } from '#app/components/ui/field.tsx';

export type ActionDeal = { id: string; state: DealState; dealStage: DealStageName; version: number; paid: boolean; tokenRevoked: boolean };

const BOX = 'rounded-xl border border-line bg-white p-4';

/**
 * The sales team's actions on a deal (admin, sales): extend, cancel with or without the refund, set a stage, attach a
 * PDF, revoke and reissue the buyer's link — each through the back office's API (CSRF-checked, audited), then the page
 * is read again. A refusal shows the server's words naming what was wrong.
 */
export function ReservationActions({ deal }: { deal: ActionDeal }) {
  const t = useAdminT();
  const api = useApi();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const base = `/api/admin/reservations/${deal.id}`;

  async function call(path: string, options: { body?: unknown; query?: Record<string, string> }, done?: (data: unknown) => string): Promise<boolean> {
    setNotice(null);
    try {
      const data = await api(`${base}${path}`, { method: 'POST', retry: 0, ...options });
      setNotice({ tone: 'ok', text: done ? done(data) : t('reservations.actions.done') });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      const errors = error instanceof ApiError ? (error.data as { errors?: Record<string, string[]> } | null)?.errors : undefined;
      setNotice({ tone: 'error', text: errors ? Object.values(errors).flat().join(' ') : t('error.text') });
      return false;
    }
  }
  const submit = (handler: (data: FormData, form: HTMLFormElement) => Promise<boolean>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (await handler(new FormData(form), form)) form.reset();
  };
  const active = deal.state === 'reserved' || deal.state === 'held';
  const later = DEAL_STAGE_ORDER.slice(DEAL_STAGE_ORDER.indexOf(deal.dealStage) + 1);

  return (
    <div className="grid max-w-3xl gap-4">
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {deal.state === 'reserved' ? (
        <form
          className={BOX}
          onSubmit={submit((data) =>
            call('/extend/', { body: { endsAt: new Date(String(data.get('endsAt'))).toISOString(), reason: data.get('reason'), version: deal.version } }),
          )}
        >
          <h3 className="mb-2 font-semibold">{t('reservations.actions.extend')}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t('reservations.actions.newEnd')} name="endsAt" type="datetime-local" required />
            <TextField label={t('reservations.actions.reason')} name="reason" required maxLength={500} />
          </div>
          <Button type="submit" className="mt-3">
            {t('reservations.actions.extendSubmit')}
          </Button>
        </form>
      ) : null}
      {deal.state === 'reserved' && later.length ? (
        <form className={BOX} onSubmit={submit((data) => call('/stage/', { body: { stage: data.get('stage'), version: deal.version } }))}>
          <h3 className="mb-2 font-semibold">{t('reservations.actions.stage')}</h3>
          <SelectField
            label={t('reservations.stage')}
            name="stage"
            options={later.map((stage) => ({ value: stage, label: t(`reservations.stages.${stage}`) }))}
          />
          <Button type="submit" className="mt-3">
            {t('reservations.actions.stageSubmit')}
          </Button>
        </form>
      ) : null}
      {active ? (
        <form
          className={BOX}
          onSubmit={submit((data) => call('/cancel/', { body: { reason: data.get('reason'), refund: data.get('refund') === 'on', version: deal.version } }))}
        >
          <h3 className="mb-2 font-semibold">{t('reservations.actions.cancel')}</h3>
          <TextField label={t('reservations.actions.reason')} name="reason" required maxLength={500} />
          {deal.paid ? <Checkbox className="mt-3" name="refund" label={t('reservations.actions.refund')} /> : null}
          <Button type="submit" variant="secondary" className="mt-3">
            {t('reservations.actions.cancelSubmit')}
          </Button>
        </form>
      ) : null}
      <form
        className={BOX}
        onSubmit={submit((data) => {
          const file = data.get('file');
          return call('/documents/', { query: { title: String(data.get('title') ?? '') }, body: file instanceof Blob && file.size ? file : undefined });
        })}
      >
        <h3 className="mb-2 font-semibold">{t('reservations.actions.document')}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('reservations.actions.documentTitle')} name="title" required maxLength={200} />
          <TextField
            label={t('reservations.actions.documentFile')}
            name="file"
            type="file"
            accept="application/pdf"
            required
            hint={t('reservations.actions.documentHint', { mb: DEAL_DOCUMENT_MAX_MB })}
          />
        </div>
        <Button type="submit" className="mt-3">
          {t('reservations.actions.documentSubmit')}
        </Button>
      </form>
      <div className={BOX}>
        <h3 className="mb-2 font-semibold">{t('reservations.actions.link')}</h3>
        <div className="flex flex-wrap gap-3">
          {deal.tokenRevoked ? null : (
            <Button variant="secondary" onClick={() => void call('/link/revoke/', {})}>
              {t('reservations.actions.revoke')}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() =>
              void call('/link/reissue/', {}, (data) => {
                const { url, mailed } = data as { url: string; mailed: string };
                return `${t('reservations.actions.reissued', { url })} ${mailed === 'sent' ? t('reservations.actions.mailed') : t('reservations.actions.notMailed')}`;
              })
            }
          >
            {t('reservations.actions.reissue')}
          </Button>
        </div>
      </div>
    </div>
  );
}
