import { useState } from 'react';
import { ConsentField, EmailField, Honeypot, NameField, PhoneField } from '#app/components/forms/fields.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { CsrfField } from '#app/lib/csrf.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { IDEMPOTENCY_FIELD } from '#core/validation/lead-forms.ts';
import { PROGRAMME_FIELD, ProgrammeChoice } from './reserve-programme.tsx';
import { useDeposit } from './terms.tsx';
import type { ReserveProgrammes } from './types.ts';

/** Why a reservation was not started, as the form says it (field errors aside). */
export type ReserveProblem = 'unavailable' | 'closed' | 'paymentFailed';

/** What the reserve form shows after a post that did not lead to the payment page. */
export type ReserveFormResult = {
  values: Record<string, string>;
  /** Field → message in the visitor's language. */
  errors: Record<string, string>;
  problem?: ReserveProblem | undefined;
};

/**
 * The reserve form: name, phone, e-mail, how the buyer means to pay (optional: the finance programmes offered for the
 * lot, when there are any), consent. A real form posting to the reserve page's own action, with or
 * without JavaScript: the action starts the reservation and answers 303 to the provider's payment page, or shows
 * the form again with its messages. `attempt` is the post's key: a second click sends the same attempt, which the
 * action answers with the same payment page instead of refusing a lot the first click already holds.
 */
export function ReserveForm({
  action,
  attempt,
  depositKopecks,
  programmes,
  result,
}: {
  action: string;
  attempt: string;
  depositKopecks: number;
  programmes?: ReserveProgrammes | undefined;
  result?: ReserveFormResult | undefined;
}) {
  const t = useT();
  const deposit = useDeposit(depositKopecks);
  const [sending, setSending] = useState(false);
  const values = result?.values;
  const errors = result?.errors ?? {};
  const problem = result?.problem;
  return (
    <form
      method="post"
      action={action}
      noValidate
      className="relative"
      aria-labelledby="reserve-form-title"
      onSubmit={(event) => {
        // The browser posts the page itself (the answer is a redirect to another site): a second click is only held back.
        if (sending) event.preventDefault();
        else setSending(true);
      }}
    >
      <h2 id="reserve-form-title" className="text-xl font-bold">
        {t('reservations.reserve.formTitle')}
      </h2>
      {problem ? (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-sm font-medium text-danger" data-reserve-problem={problem}>
          {t(`reservations.reserve.${problem}`)}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p role="alert" className="sr-only">
          {t('forms.error.fix')}
        </p>
      ) : null}
      <CsrfField />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={attempt} />
      <Honeypot />
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <NameField values={values} errors={errors} className="sm:col-span-2" />
        <PhoneField values={values} errors={errors} />
        <EmailField values={values} errors={errors} required />
      </div>
      {programmes?.options.length ? (
        <div className="mt-6">
          <ProgrammeChoice options={programmes.options} value={values?.[PROGRAMME_FIELD]} error={errors[PROGRAMME_FIELD]} />
        </div>
      ) : null}
      <div className="mt-5">
        <ConsentField values={values} errors={errors} />
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <button type="submit" className={buttonClass('primary', 'lg', 'w-full sm:w-auto sm:self-start')} aria-disabled={sending || undefined}>
          {t('reservations.reserve.submit')} · {deposit}
        </button>
        <p className="text-sm text-muted">{t('reservations.reserve.payNote')}</p>
        <p className="text-sm text-muted">{t('forms.fields.requiredNote')}</p>
      </div>
    </form>
  );
}
