import { useState, type FormEvent } from 'react';
import { redirect, useNavigate } from 'react-router';
import type { Route } from './+types/login';
import { adminLocale, adminMessages, afterSignIn, staffOf } from '#app/lib/admin.server.ts';
import { useAdminT, useAdminDateTime } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { ApiError } from '#core/http/client.ts';
import { AdminShell, AdminTitle, Notice } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/field.tsx';

/**
 * The one back-office page a visitor may see: signing in (ADR 025). A page of the back office sends a visitor here
 * with `?next=` (its own path), where the member goes once signed in; a signed-in member goes there at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = afterSignIn(new URL(request.url).searchParams.get('next'));
  if (await staffOf(context, request)) throw redirect(next);
  const locale = adminLocale(request);
  return { locale, messages: await adminMessages(locale), next };
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={null} locale={loaderData.locale} messages={loaderData.messages}>
      <SignIn next={loaderData.next} />
    </AdminShell>
  );
}

type Step = 'password' | 'code';

function SignIn({ next }: { next: string }) {
  const t = useAdminT();
  const when = useAdminDateTime();
  const api = useApi();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const answer =
        step === 'password'
          ? await api<{ status: 'signed-in' | 'second-factor' }>('/api/admin/auth/sign-in/', {
              method: 'POST',
              body: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
            })
          : await api<{ status: 'signed-in' }>('/api/admin/auth/second-factor/', { method: 'POST', body: { code: String(form.get('code') ?? '') } });
      if (answer.status === 'second-factor') setStep('code');
      else await navigate(next);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  function messageOf(failure: unknown): string {
    if (!(failure instanceof ApiError)) return t('login.failed');
    if (failure.status === 429) {
      // A wait (ADR 038), or the route's own rate limit: either way, when to try again.
      const until = (failure.data as { retryAt?: string } | null)?.retryAt;
      return t('login.wait', { until: until ? when(until) : '—' });
    }
    if (failure.status === 401 || failure.status === 400) return step === 'code' ? t('login.invalidCode') : t('login.invalid');
    return t('login.failed');
  }

  return (
    <section className="mx-auto max-w-md">
      <AdminTitle>{t('login.title')}</AdminTitle>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <form onSubmit={submit} className="grid gap-4" noValidate={false}>
        {step === 'password' ? (
          <>
            <TextField label={t('login.email')} name="email" type="email" autoComplete="username" required />
            <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required />
          </>
        ) : (
          <>
            <p>{t('login.secondFactor')}</p>
            <TextField
              label={t('login.code')}
              hint={t('login.codeHint')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
            />
          </>
        )}
        <Button type="submit" disabled={busy}>
          {step === 'password' ? t('login.submit') : t('login.verify')}
        </Button>
      </form>
    </section>
  );
}
