import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import type { FormSlug } from '#core/validation/lead-forms.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocale, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { formatPhone, telHref, whatsappHref } from '#core/phone.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { useHydrated } from '#app/lib/hydration.ts';
import { ConsentField, Honeypot, LeadHiddenFields } from './fields.tsx';
import type { LeadFormState } from './use-lead-form.ts';
import type { LeadContext } from './types.ts';
import { CsrfField } from '#app/lib/csrf.tsx';

/** A path on this site, safe to link back to (never `//evil.example`). */
function safeReturnPath(value: string | undefined): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** Moves focus to a view when it replaces the form, so keyboard and screen-reader users land on the news. */
function useFocusOnMount<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (active) ref.current?.focus();
  }, [active]);
  return ref;
}

function SuccessView({ form, action, room }: { form: LeadFormState; action: string; room: Ref<HTMLDivElement> }) {
  const t = useT();
  const ref = useFocusOnMount<HTMLHeadingElement>(form.status === 'success');
  const back = form.initial?.state === 'success' ? safeReturnPath(form.initial.values.page_url) : null;
  return (
    <div ref={room} role="status" className="flex flex-col items-start gap-3 py-2">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-success">
        <Icon name="check" className="size-6" />
      </span>
      <h3 ref={ref} tabIndex={-1} className="text-xl font-bold tracking-tight focus:outline-none">
        {form.answer?.title ?? t('forms.success.title')}
      </h3>
      <p className="text-muted">{form.answer?.message ?? t('forms.success.text')}</p>
      <div className="mt-2 flex flex-wrap gap-3">
        {back ? (
          <a href={back} className={buttonClass('primary', 'md')}>
            {t('forms.success.back')}
          </a>
        ) : null}
        <a
          href={action}
          className={buttonClass('secondary', 'md')}
          onClick={(event) => {
            event.preventDefault();
            form.reset();
          }}
        >
          {t('forms.success.again')}
        </a>
      </div>
    </div>
  );
}

/** The badge and heading of a form's error views; the heading takes focus when the view replaces the form. */
function AlertHeading({ form, icon, tone, children }: { form: LeadFormState; icon: 'phone' | 'alert'; tone: 'brand' | 'danger'; children: string }) {
  const ref = useFocusOnMount<HTMLHeadingElement>(form.status === 'error');
  return (
    <>
      <span className={`flex size-12 items-center justify-center rounded-full ${tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-red-50 text-danger'}`}>
        <Icon name={icon} className="size-6" />
      </span>
      <h3 ref={ref} tabIndex={-1} className="text-xl font-bold tracking-tight focus:outline-none">
        {children}
      </h3>
    </>
  );
}

/** The site's phone, from the site settings (the number the header and the contact dialog show). */
function useSitePhone(): string | null {
  const settings = useRootData()?.settings;
  return settings ? (settings.phones[0]?.number ?? settings.supportPhone) : null;
}

function CallLink({ phone, primary }: { phone: string; primary: boolean }) {
  const t = useT();
  return (
    <a href={telHref(phone)} className={buttonClass(primary ? 'primary' : 'secondary', 'md')}>
      <Icon name="phone" className="size-5" />
      {t('forms.error.call', { phone: formatPhone(phone) })}
    </a>
  );
}

/**
 * Proof of work was asked for and the post came without JavaScript: sending again the same way can only fail
 * again, so the view says why and offers what works — the phone, or JavaScript. Once the page runs its script,
 * "try again" appears: the form then solves the challenge itself.
 */
function CaptchaView({ form, room }: { form: LeadFormState; room: Ref<HTMLDivElement> }) {
  const t = useT();
  const hydrated = useHydrated();
  const phone = useSitePhone();
  return (
    <div ref={room} role="alert" className="flex flex-col items-start gap-3 py-2">
      <AlertHeading form={form} icon="phone" tone="brand">
        {t('forms.error.captchaTitle')}
      </AlertHeading>
      <p className="text-muted">{t('forms.error.captchaNoScript')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {phone ? <CallLink phone={phone} primary={!hydrated} /> : null}
        {hydrated ? (
          <button type="button" className={buttonClass('primary', 'md')} onClick={() => form.retry()}>
            <Icon name="reload" className="size-5" />
            {t('forms.error.retry')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function ErrorView({ form, action, subscription, room }: { form: LeadFormState; action: string; subscription: boolean; room: Ref<HTMLDivElement> }) {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const phone = useSitePhone();
  const values = form.initial?.state === 'error' ? form.initial.values : {};
  const limited = form.errorKind === 'limited';
  return (
    <div ref={room} role="alert" className="flex flex-col items-start gap-3 py-2">
      <AlertHeading form={form} icon="alert" tone="danger">
        {t('forms.error.title')}
      </AlertHeading>
      <p className="text-muted">{limited ? t('forms.error.limited') : subscription ? t('forms.error.subscriptionText') : t('forms.error.text')}</p>
      {/* Without JavaScript "try again" re-posts the same values and key; with it, the hook re-sends them. */}
      <form
        method="post"
        action={action}
        className="mt-2 flex flex-wrap items-center gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          form.retry();
        }}
      >
        {Object.entries(values).map(([name, value]) => (name === CSRF_FORM_FIELD ? null : <input key={name} type="hidden" name={name} value={value} />))}
        <CsrfField />
        <button type="submit" className={buttonClass('primary', 'md')}>
          <Icon name="reload" className="size-5" />
          {t('forms.error.retry')}
        </button>
        {limited && phone ? <CallLink phone={phone} primary={false} /> : null}
        {locale === 'ru' && root?.settings?.whatsapp ? (
          <a href={whatsappHref(root.settings.whatsapp)} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'md')}>
            <Icon name="whatsapp" className="size-5" />
            {t('forms.error.chat')}
          </a>
        ) : null}
      </form>
    </div>
  );
}

/**
 * The one form pattern of the site: a real `<form>` that posts to `/forms/{slug}` without JavaScript
 * (server action, same messages) and through the API with it; default, success and error views.
 */
export function LeadForm({
  form,
  slug,
  action,
  context,
  submitLabel,
  children,
  subscription = false,
  className = '',
  layout = 'stack',
}: {
  form: LeadFormState;
  slug: FormSlug;
  /** Where the form posts without JavaScript, when not `/forms/{slug}` (an auction's bid posts to its page). */
  action?: string | undefined;
  context?: LeadContext | undefined;
  submitLabel: string;
  children: ReactNode;
  subscription?: boolean;
  className?: string;
  layout?: 'stack' | 'wide';
}) {
  const t = useT();
  const lp = useLocalePath();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.errorsShown) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form.errorsShown]);

  // The form's last height: a view that replaces it keeps at least that much room, so what follows the form on
  // the page does not move up when the answer comes (a shift long after the click counts as layout shift).
  const formHeight = useRef(0);
  useLayoutEffect(() => {
    if (formRef.current) formHeight.current = formRef.current.offsetHeight;
  });
  const room = useCallback((view: HTMLDivElement | null) => {
    if (view && formHeight.current) view.style.minHeight = `${formHeight.current}px`;
  }, []);

  const target = action ?? lp(`/forms/${slug}`);
  if (form.status === 'success') return <SuccessView form={form} action={target} room={room} />;
  if (form.status === 'error' && form.errorKind === 'captcha') return <CaptchaView form={form} room={room} />;
  if (form.status === 'error') return <ErrorView form={form} action={target} subscription={subscription} room={room} />;

  const busy = form.status === 'submitting' || form.status === 'checking';
  const values = form.initial && form.initial.state !== 'success' ? form.initial.values : undefined;
  const hasErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      ref={formRef}
      method="post"
      action={target}
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      aria-busy={busy || undefined}
      className={`relative ${className}`}
    >
      <LeadHiddenFields idempotencyKey={form.key} context={context} values={values} />
      <Honeypot />
      <div className={layout === 'wide' ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>{children}</div>
      <div className="mt-5">
        <ConsentField values={values} errors={form.errors} />
      </div>
      {form.errors.altcha ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {form.errors.altcha}
        </p>
      ) : null}
      <div className="form-foot">
        <button type="submit" disabled={busy} className={buttonClass('primary', 'lg')}>
          {busy ? (form.status === 'checking' ? t('forms.actions.checking') : t('forms.actions.sending')) : submitLabel}
        </button>
        <p className="text-sm text-muted">{t('forms.fields.requiredNote')}</p>
      </div>
      {hasErrors ? (
        <p role="alert" className="sr-only">
          {t('forms.error.fix')}
        </p>
      ) : null}
    </form>
  );
}
