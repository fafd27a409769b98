import { useLocale, useT } from '#app/lib/i18n.tsx';
import { CommentField, EmailField, NameField, PhoneField } from './fields.tsx';
import { LeadForm } from './lead-form.tsx';
import type { FormResult } from './types.ts';
import { useLeadForm } from './use-lead-form.ts';

/**
 * The multilingual landing's lead form (`POST /api/multilingual_landing/send_lead/`): the page's language
 * travels with the lead, so English leads go to the English-speaking managers.
 */
export function LandingForm({ landing, initial }: { landing: string; initial?: FormResult | undefined }) {
  const t = useT();
  const locale = useLocale();
  const form = useLeadForm({ kind: 'landing', url: '/api/multilingual_landing/send_lead/' }, { initial });
  const values = initial && initial.state !== 'success' ? initial.values : undefined;
  return (
    <LeadForm form={form} slug="landing" submitLabel={t('forms.actions.send')} layout="wide">
      <input type="hidden" name="landing" value={values?.landing ?? landing} />
      <input type="hidden" name="language" value={values?.language ?? locale} />
      <NameField values={values} errors={form.errors} />
      <PhoneField values={values} errors={form.errors} />
      <EmailField values={values} errors={form.errors} className="sm:col-span-2" />
      <CommentField values={values} errors={form.errors} className="sm:col-span-2" />
    </LeadForm>
  );
}
