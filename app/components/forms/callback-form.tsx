import { useT } from '#app/lib/i18n.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useRootData } from '#app/lib/root-data.ts';
import { ChoicePills, EmailField, NameField, PhoneField } from './fields.tsx';
import { LeadForm } from './lead-form.tsx';
import type { FormResult } from './types.ts';
import { useLeadForm } from './use-lead-form.ts';

const REQUEST = { kind: 'request', url: '/api/request/' } as const;

/**
 * The contact modal's form: call back, WhatsApp (when the settings name the sales team's number) or e-mail. The
 * answer channel decides which contact is asked for; CSS (`:has()`) swaps phone and e-mail, so it works without JavaScript as well.
 */
export function CallbackForm({ initial }: { initial?: FormResult | undefined }) {
  const t = useT();
  const form = useLeadForm(REQUEST, { initial });
  const values = initial && initial.state !== 'success' ? initial.values : undefined;
  const whatsapp = Boolean(useRootData()?.settings?.whatsapp);
  return (
    <LeadForm form={form} slug="callback" submitLabel={t('forms.actions.send')} className="group/callback">
      <input type="hidden" name="type" value="callback" />
      <ChoicePills
        legend={t('forms.fields.channel')}
        name="channel"
        defaultValue={values?.channel ?? 'phone'}
        error={form.errors.channel}
        options={[
          { value: 'phone', label: t('forms.channels.phone'), icon: <Icon name="phone" className="size-4" /> },
          ...(whatsapp ? [{ value: 'whatsapp', label: t('forms.channels.whatsapp'), icon: <Icon name="whatsapp" className="size-4" /> }] : []),
          { value: 'email', label: t('forms.channels.email'), icon: <Icon name="mail" className="size-4" /> },
        ]}
      />
      <NameField values={values} errors={form.errors} />
      <PhoneField values={values} errors={form.errors} className="group-has-[[value=email]:checked]/callback:hidden" />
      <EmailField values={values} errors={form.errors} required className="hidden group-has-[[value=email]:checked]/callback:block" />
    </LeadForm>
  );
}
