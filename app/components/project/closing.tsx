import { Link } from 'react-router';
import type { ProjectDetail } from '#core/catalogue/types.ts';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { PROJECT_REQUEST_DIALOG_ID } from '#app/components/project/hero.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** The page's closing call: ask the managers, or see every lot of the project in the filter. */
export function ProjectClosing({ project, filterHref }: { project: Pick<ProjectDetail, 'id' | 'lotsLeft'>; filterHref: string }) {
  const t = useT();
  return (
    <section className="container-page pt-4 pb-10 sm:pb-14">
      <div className="flex flex-col gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('catalogue.project.ctaTitle')}</h2>
          <p className="mt-3 text-lg text-brand-100">{t('catalogue.project.ctaText')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <RequestButton variant="inverse" projectId={project.id} opens={PROJECT_REQUEST_DIALOG_ID}>
            {t('catalogue.project.request')}
          </RequestButton>
          {project.lotsLeft > 0 ? (
            <Link to={filterHref} className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/40 hover:bg-white/10')}>
              {t('catalogue.project.lotsAll')}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
