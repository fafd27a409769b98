import type { PreviewBanner as Banner } from '#core/content/preview.ts';
import { useT } from '#app/lib/i18n.tsx';

/**
 * The band above a previewed page (issue #42): says it is a preview of a draft that visitors do not see, and leads
 * back to the editor (a plain link: the back office is not a page of the site's router). Only a member of staff's
 * preview has it: the page's loader gives it only then.
 */
export function PreviewBanner({ banner }: { banner: Banner }) {
  const t = useT();
  const text =
    banner.state === 'invalid'
      ? t('publications.preview.invalid', { fields: banner.fields.join(', ') })
      : banner.state === 'draft'
        ? t('publications.preview.banner')
        : t('publications.preview.saved');
  return (
    <div role="note" aria-label={t('publications.preview.label')} className="border-b-4 border-accent-800 bg-accent-100 text-accent-900">
      <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
        <p className="font-bold">{text}</p>
        <a href={banner.edit} className="font-semibold underline">
          {t('publications.preview.edit')}
        </a>
      </div>
    </div>
  );
}
