import type { Route } from './+types/projects';
import { PROJECT_STATUSES, type ProjectCard as ProjectCardData } from '#core/catalogue/types.ts';
import { ChoiceChip, ChoiceGroup } from '#app/components/catalogue/choice-chip.tsx';
import { completionText } from '#app/components/catalogue/completion.ts';
import { ChipFilterForm, CardGrid } from '#app/components/catalogue/chip-filter.tsx';
import { listParam } from '#app/components/catalogue/form-query.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { ProjectCard } from '#app/components/catalogue/project-card.tsx';
import { requestLocale } from '#app/components/catalogue/route-params.ts';
import { catalogueService } from '#app/components/catalogue/service.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { translate, useT } from '#app/lib/i18n.tsx';
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
  const sign = pictureSigner(context, request);
  return { projects: projects.map((project) => ({ ...project, image: sign(project.image, 'card') })), options: filterOptions(all), query };
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
  const format = useCatalogueFormat();
  const active = query.status.length + query.district.length + query.completion.length > 0;

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('catalogue.projects.title') }]}
        title={t('catalogue.projects.title')}
        lead={t('catalogue.projects.lead', { count: format.plural('catalogue.plural.projects', options.total) })}
      />
      <div className="container-page pt-8 pb-16 sm:pb-24">
        <ChipFilterForm
          path="/projects"
          active={active}
          columns="lg:grid-cols-[auto_1fr_auto]"
          found={t('catalogue.projects.found', { count: format.plural('catalogue.plural.projects', projects.length) })}
        >
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
        </ChipFilterForm>
        <CardGrid
          items={projects}
          empty={t('catalogue.projects.empty')}
          resetPath="/projects"
          render={(project, index) => <ProjectCard project={project} priority={index === 0} />}
        />
      </div>
    </>
  );
}
