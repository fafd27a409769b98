import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '#core/http/client.ts';
import { useAdminT } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { Notice } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { SelectField } from '#app/components/ui/field.tsx';

/**
 * The deal's finance programme (admin, sales): none, or one of the programmes offered for the lot (the lot page's
 * rule, checked again by the server), whose payment schedule the buyer's deal page shows. Saved through the back
 * office's API (CSRF-checked, at the version the member saw, audited), then the page is read again.
 */
export function ReservationProgramme({
  deal,
  current,
  offered,
}: {
  deal: { id: string; version: number };
  current: string | null;
  offered: { id: string; name: string }[];
}) {
  const t = useAdminT();
  const api = useApi();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get('programmeId') ?? '');
    setNotice(null);
    try {
      await api(`/api/admin/reservations/${deal.id}/programme/`, {
        method: 'POST',
        retry: 0,
        body: { programmeId: chosen || null, version: deal.version },
      });
      setNotice({ tone: 'ok', text: t('reservations.actions.done') });
      await revalidator.revalidate();
    } catch (error) {
      const errors = error instanceof ApiError ? (error.data as { errors?: Record<string, string[]> } | null)?.errors : undefined;
      setNotice({ tone: 'error', text: errors ? Object.values(errors).flat().join(' ') : t('error.text') });
    }
  }

  return (
    <form className="rounded-xl border border-line bg-white p-4" onSubmit={(event) => void save(event)} data-reservation-programme="">
      <h3 className="mb-2 font-semibold">{t('reservations.actions.programme')}</h3>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <SelectField
        // A new version (after a save) shows the deal's programme as it now is.
        key={deal.version}
        label={t('reservations.actions.programme')}
        name="programmeId"
        hint={t('reservations.actions.programmeHint')}
        defaultValue={current && offered.some((p) => p.id === current) ? current : ''}
        placeholder={t('reservations.actions.programmeNone')}
        options={offered.map((p) => ({ value: p.id, label: p.name }))}
      />
      <Button type="submit" className="mt-3">
        {t('reservations.actions.programmeSubmit')}
      </Button>
    </form>
  );
}
