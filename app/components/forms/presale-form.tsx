import { useT } from '#app/lib/i18n.tsx';
import { WideContactFields } from './fields.tsx';
import { SelectField } from '#app/components/ui/field.tsx';
import { LeadForm } from './lead-form.tsx';
import type { FormResult } from './types.ts';
import { useLeadForm } from './use-lead-form.ts';

/** Interest in a project before its sales start (`POST /api/presale_interest/`). */
export function PresaleForm({
  projects,
  project,
  initial,
}: {
  projects: { value: string; label: string }[];
  project?: number | undefined;
  initial?: FormResult | undefined;
}) {
  const t = useT();
  const form = useLeadForm({ kind: 'presale_interest', url: '/api/presale_interest/' }, { initial });
  const values = initial && initial.state !== 'success' ? initial.values : undefined;
  return (
    <LeadForm form={form} slug="presale" submitLabel={t('forms.actions.send')} layout="wide">
      {project ? (
        <input type="hidden" name="project" value={String(project)} />
      ) : (
        <SelectField
          label={t('forms.fields.project')}
          name="project"
          required
          options={projects}
          defaultValue={values?.project ?? projects[0]?.value}
          error={form.errors.project}
          className="sm:col-span-2"
        />
      )}
      <WideContactFields values={values} errors={form.errors} />
    </LeadForm>
  );
}
