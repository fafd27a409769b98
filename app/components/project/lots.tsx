import type { LotCardView, ProjectShown } from '#core/catalogue/types.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { LotCard } from '#app/components/catalogue/lot-card.tsx';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { PROJECT_REQUEST_DIALOG_ID } from '#app/components/project/hero.tsx';
import { PresaleForm } from '#app/components/forms/presale-form.tsx';
import type { ReserveMark } from '#app/components/reservations/card-reserve.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { useT } from '#app/lib/i18n.tsx';

/**
 * «Лоты проекта»: the first lots on sale with a link to all of them in the filter; a project whose sales have not
 * started shows the waiting-list form instead, and one with nothing left the request button.
 */
export function ProjectLots({ project, lots, filterHref }: { project: ProjectShown; lots: (LotCardView & ReserveMark)[]; filterHref: string }) {
  const t = useT();
  const format = useCatalogueFormat();
  return (
    <Section
      id="lots"
      title={t('catalogue.project.lots')}
      action={
        project.lotsLeft > 0 ? (
          <ButtonLink to={filterHref} variant="secondary">
            {t('catalogue.project.lotsAll')} <span className="tabular-nums">{format.number(project.lotsLeft)}</span>
          </ButtonLink>
        ) : null
      }
    >
      {project.status === 'presale' ? (
        <section aria-labelledby="presale-title" className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
          <h3 id="presale-title" className="font-heading text-2xl font-bold tracking-tight">
            {t('forms.titles.presale')}
          </h3>
          <p className="mt-2 mb-6 max-w-2xl text-lg text-muted">{t('forms.intros.presale')}</p>
          <PresaleForm projects={[]} project={Number(project.id)} />
        </section>
      ) : lots.length ? (
        <ul className="lot-strip">
          {lots.map((lot) => (
            <li key={lot.id}>
              <LotCard lot={lot} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-3xl bg-white p-8 ring-1 ring-line sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg">{t('catalogue.project.lotsEmpty')}</p>
          <RequestButton size="md" projectId={project.id} opens={PROJECT_REQUEST_DIALOG_ID}>
            {t('catalogue.project.request')}
          </RequestButton>
        </div>
      )}
    </Section>
  );
}
