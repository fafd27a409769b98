import { useId } from 'react';
import type { RequestType } from '#core/validation/lead-forms.ts';
import { buttonClass, type ButtonSize, type ButtonVariant } from '#app/components/ui/button.tsx';
import { Dialog, dialogOpener } from '#app/components/ui/dialog.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { CommentField, EmailField, NameField, NewsletterField, PhoneField } from './fields.tsx';
import { LeadForm } from './lead-form.tsx';
import type { FormResult, LeadContext } from './types.ts';
import { useLeadForm } from './use-lead-form.ts';

const REQUEST = { kind: 'request', url: '/api/request/' } as const;

/**
 * The request form for any page: name, phone, e-mail, comment, newsletter and consent. Project, lot and
 * promo pages pass their `context`; `topic` says what the request is about (a lot, a promo…).
 */
export function RequestForm({
  context,
  topic = 'consultation',
  initial,
  withComment = true,
}: {
  context?: LeadContext | undefined;
  topic?: RequestType;
  initial?: FormResult | undefined;
  withComment?: boolean;
}) {
  const t = useT();
  const form = useLeadForm(REQUEST, { initial });
  const values = initial && initial.state !== 'success' ? initial.values : undefined;
  return (
    <LeadForm form={form} slug="request" context={context} submitLabel={t('forms.actions.send')}>
      <input type="hidden" name="type" value={values?.type ?? topic} />
      <NameField values={values} errors={form.errors} />
      <PhoneField values={values} errors={form.errors} />
      <EmailField values={values} errors={form.errors} />
      {withComment ? <CommentField values={values} errors={form.errors} /> : null}
      <NewsletterField values={values} errors={form.errors} />
    </LeadForm>
  );
}

/** A button that opens the request form in a modal; works before JavaScript loads (invoker commands). */
export function RequestButton({
  context,
  topic,
  label,
  variant = 'primary',
  size = 'md',
  className = '',
  dialogId,
  opens,
  title,
}: {
  context?: LeadContext | undefined;
  topic?: RequestType;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** A fixed id lets another button on the page open the same form (`dialogOpener(dialogId)`). */
  dialogId?: string | undefined;
  /**
   * The `dialogId` of the same form that another button on the page renders: this button only opens it. A page
   * asking for the same request twice (the project's hero and its closing call) carries the form's markup once.
   */
  opens?: string | undefined;
  /** The dialog's heading, e.g. the lot the request is about («Заявка на 1-комнатную квартиру № 84»); the generic one without it. */
  title?: string | undefined;
}) {
  const t = useT();
  const generated = `request-dialog-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const id = opens ?? dialogId ?? generated;
  if (opens) {
    return (
      <button {...dialogOpener(id)} className={buttonClass(variant, size, className)}>
        {label ?? t('forms.requestButton')}
      </button>
    );
  }
  return (
    <>
      <button {...dialogOpener(id)} className={buttonClass(variant, size, className)}>
        {label ?? t('forms.requestButton')}
      </button>
      <Dialog id={id} title={title ?? t('forms.titles.request')}>
        <p className="mb-5 text-muted">{t('forms.intros.request')}</p>
        <RequestForm context={context} topic={topic} />
      </Dialog>
    </>
  );
}
