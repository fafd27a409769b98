import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/projects';
import { PROJECT_STATUSES, type ProjectCard as ProjectCardData } from '#core/catalogue/types.ts';
import { ChoiceChip, ChoiceGroup } from '#app/components/catalogue/choice-chip.tsx';
import { completionText } from '#app/components/catalogue/completion.ts';
import { formQuery, listParam, queryString } from '#app/components/catalogue/form-query.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { ProjectCard } from '#app/components/catalogue/project-card.tsx';
import { requestLocale } from '#app/components/catalogue/route-params.ts';
import { catalogueService } from '#app/components/catalogue/service.server.ts';
import { useHydrated } from '#app/components/catalogue/use-hydrated.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, {
    title: messages ? translate(messages, 'catalogue.projects.title') : undefined,
    description: messages ? translate(messages, 'catalogue.projects.description') : undefined,
  });
}

/** The list filtered by status, location (district) and completion, each a comma list in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const catalogue = catalogueService(context);
  const locale = requestLocale(request);
  const params = new URL(request.url).searchParams;
  const query = { status: listParam(params, 'status'), district: listParam(params, 'district'), completion: listParam(params, 'completion') };
  const [all, projects] = await Promise.all([catalogue.projects(locale), catalogue.projects(locale, query)]);
  return { projects, options: filterOptions(all), query };
}

function filterOptions(projects: ProjectCardData[]) {
  const districts = [...new Set(projects.map((project) => project.district))].sort((a, b) => a.localeCompare(b));
  const completions = [...new Set(projects.map((project) => project.completion ?? 'done'))].sort((a, b) =>
    a === 'done' ? -1 : b === 'done' ? 1 : a.localeCompare(b),
  );
  const statuses = PROJECT_STATUSES.filter((status) => projects.some((project) => project.status === status));
  return { statuses, districts, completions, total: projects.length };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects, options, query } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const active = query.status.length + query.district.length + query.completion.length > 0;

  // With JavaScript a choice applies at once; without it the button submits the same GET form.
  const apply = (form: HTMLFormElement) => navigate(lp('/projects') + queryString(formQuery(form)), { replace: true, preventScrollReset: true });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('catalogue.projects.title') }]}
        title={t('catalogue.projects.title')}
        lead={t('catalogue.projects.lead', { count: format.plural('catalogue.plural.projects', options.total) })}
      />
      <div className="container-page pt-8 pb-16 sm:pb-24">
        <form
          method="get"
          action={lp('/projects')}
          onSubmit={onSubmit}
          onChange={(event) => apply(event.currentTarget)}
          className="rounded-3xl bg-white p-5 ring-1 ring-line sm:p-6"
        >
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-[auto_1fr_auto] lg:gap-8">
            <ChoiceGroup legend={t('catalogue.projects.status')}>
              {options.statuses.map((status) => (
                <ChoiceChip
                  key={status}
                  name="status"
                  value={status}
                  defaultChecked={query.status.includes(status)}
                  label={t(`catalogue.projectStatus.${status}`)}
                />
              ))}
            </ChoiceGroup>
            <ChoiceGroup legend={t('catalogue.projects.district')}>
              {options.districts.map((district) => (
                <ChoiceChip key={district} name="district" value={district} defaultChecked={query.district.includes(district)} label={district} />
              ))}
            </ChoiceGroup>
            <ChoiceGroup legend={t('catalogue.projects.completion')}>
              {options.completions.map((code) => (
                <ChoiceChip
                  key={code}
                  name="completion"
                  value={code}
                  defaultChecked={query.completion.includes(code)}
                  label={completionText(code === 'done' ? null : code, t)}
                />
              ))}
            </ChoiceGroup>
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-line pt-5">
            {hydrated ? null : (
              <Button type="submit" size="md">
                {t('catalogue.filter.apply')}
              </Button>
            )}
            <p className="text-muted" aria-live="polite">
              {t('catalogue.projects.found', { count: format.plural('catalogue.plural.projects', projects.length) })}
            </p>
            {active ? (
              <ButtonLink to={lp('/projects')} variant="ghost" size="sm" replace preventScrollReset className="ml-auto">
                {t('catalogue.filter.reset')}
              </ButtonLink>
            ) : null}
          </div>
        </form>

        {projects.length ? (
          <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {projects.map((project, index) => (
              <li key={project.id}>
                <ProjectCard project={project} priority={index === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-8 rounded-3xl bg-white p-10 text-center ring-1 ring-line">
            <p className="text-xl font-bold">{t('catalogue.projects.empty')}</p>
            <ButtonLink to={lp('/projects')} variant="secondary" className="mt-5">
              {t('catalogue.filter.reset')}
            </ButtonLink>
          </div>
        )}
      </div>
    </>
  );
}
