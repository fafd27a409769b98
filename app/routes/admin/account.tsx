import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/account';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { useAdminT } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { AdminTitle, Notice } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/field.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, 'any');
  return { email: staff.email, twoFactorEnabled: staff.twoFactorEnabled };
}

type Enrolment = { secret: string; totpUri: string; qr: string };

/** The member's own account: turning on TOTP (the password, then the QR code and a code that confirms it). */
export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const api = useApi();
  const revalidator = useRevalidator();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    try {
      setEnrolment(await api<Enrolment>('/api/admin/me/totp/', { method: 'POST', body: { password } }));
    } catch {
      setError(t('account.wrongPassword'));
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    try {
      await api('/api/admin/me/totp/confirm/', { method: 'POST', body: { code } });
      setEnrolment(null);
      setDone(true);
      await revalidator.revalidate();
    } catch {
      setError(t('login.invalidCode'));
    }
  }

  return (
    <section className="max-w-xl">
      <AdminTitle>{t('account.title')}</AdminTitle>
      <p className="mb-6">{loaderData.email}</p>
      <h2 className="mb-2 text-xl font-semibold">{t('account.totpTitle')}</h2>
      {done ? <Notice tone="ok">{t('account.enabled')}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {loaderData.twoFactorEnabled ? (
        <p>{t('account.totpOn')}</p>
      ) : enrolment ? (
        <form onSubmit={confirm} className="grid gap-4">
          <p>{t('account.scan')}</p>
          <img src={enrolment.qr} alt={t('account.qrAlt')} width={220} height={220} />
          <p>
            {t('account.secret')}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <TextField label={t('login.code')} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
          <Button type="submit">{t('account.confirm')}</Button>
        </form>
      ) : (
        <form onSubmit={start} className="grid gap-4">
          <p>{t('account.totpOff')}</p>
          <TextField label={t('account.password')} name="password" type="password" autoComplete="current-password" required />
          <Button type="submit">{t('account.totpStart')}</Button>
        </form>
      )}
    </section>
  );
}
