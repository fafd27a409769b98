import { data, Form } from 'react-router';
import type { Route } from './+types/alert-link';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { appContext, type AppLoadValues } from '#app/lib/context.server.ts';
import { requirePageFormOrigin } from '#app/lib/csrf.server.ts';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { CsrfField } from '#app/lib/csrf.tsx';

type Action = 'confirm' | 'unsubscribe';
type Outcome = 'form' | 'invalid' | 'done' | 'already' | 'ended';

const actionOf = (url: URL): Action => (url.pathname.replace(/\/+$/, '').endsWith('/unsubscribe') ? 'unsubscribe' : 'confirm');

function subscriptionOf(app: AppLoadValues, action: Action, token: string | null): string | null {
  return app.alertTokens?.verify(action, token) ?? null;
}

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const action = args.loaderData?.action ?? 'confirm';
  return pageMeta(args, { title: messages ? translate(messages, `alerts.${action}.title`) : undefined, noindex: true });
}

export function headers() {
  // A signed personal link: never kept by a shared cache, never sent to another site as a Referer (`no-referrer` would
  // make the button's POST carry `Origin: null`, which the page actions refuse).
  return { 'cache-control': 'no-store', 'referrer-policy': 'same-origin' };
}

/**
 * `/alerts/confirm?token=…` and `/alerts/unsubscribe?token=…` (ADR 021): the links of alert e-mails. Opening one
 * shows a button; only its POST confirms or unsubscribes, so a mail scanner prefetching the link changes nothing.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const action = actionOf(url);
  const token = url.searchParams.get('token');
  const id = subscriptionOf(app, action, token);
  if (!id) return { action, token: '', outcome: 'invalid' as Outcome };
  const sub = await app.services.alerts.get(id);
  if (!sub) return { action, token: '', outcome: 'invalid' as Outcome };
  let outcome: Outcome = 'form';
  if (action === 'confirm' && sub.unsubscribedAt) outcome = 'ended';
  else if (action === 'confirm' && sub.confirmedAt) outcome = 'already';
  else if (action === 'unsubscribe' && sub.unsubscribedAt) outcome = 'done';
  return { action, token: token ?? '', outcome };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  requirePageFormOrigin(request, app, form.get(CSRF_FORM_FIELD));
  const which = actionOf(url);
  const id = subscriptionOf(app, which, String(form.get('token') ?? ''));
  if (!id) return data({ outcome: 'invalid' as Outcome }, { status: 400 });
  if (which === 'unsubscribe') {
    const status = await app.services.alerts.unsubscribe(id);
    return { outcome: (status === 'missing' ? 'invalid' : 'done') as Outcome };
  }
  const status = await app.services.alerts.confirm(id);
  const outcome: Outcome = status === 'confirmed' ? 'done' : status === 'missing' ? 'invalid' : status;
  return { outcome };
}

export default function AlertLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { action, token } = loaderData;
  const outcome = actionData?.outcome ?? loaderData.outcome;
  const texts =
    action === 'confirm'
      ? {
          title: t('alerts.confirm.title'),
          text: t('alerts.confirm.text'),
          submit: t('alerts.confirm.submit'),
          done: t('alerts.confirm.done'),
          invalid: t('alerts.confirm.invalid'),
        }
      : {
          title: t('alerts.unsubscribe.title'),
          text: t('alerts.unsubscribe.text'),
          submit: t('alerts.unsubscribe.submit'),
          done: t('alerts.unsubscribe.done'),
          invalid: t('alerts.unsubscribe.invalid'),
        };
  const message =
    outcome === 'done'
      ? texts.done
      : outcome === 'invalid'
        ? texts.invalid
        : outcome === 'already'
          ? t('alerts.confirm.already')
          : outcome === 'ended'
            ? t('alerts.confirm.ended')
            : null;
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{texts.title}</h1>
      {message ? (
        <p role="status" className="mt-6 text-lg">
          {message}
        </p>
      ) : (
        <Form method="post" reloadDocument className="mt-6">
          <p className="text-lg text-muted">{texts.text}</p>
          <CsrfField />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={buttonClass('primary', 'lg', 'mt-6')}>
            {texts.submit}
          </button>
        </Form>
      )}
    </section>
  );
}
