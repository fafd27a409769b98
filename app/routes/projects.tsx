import { redirect } from 'react-router';
import type { Route } from './+types/projects';
import { LOCALES } from '#core/i18n/locales.ts';
import { PROJECT_STATUSES, type ProjectCard as ProjectCardData, type SpecItem } from '#core/catalogue/types.ts';
import { ChoiceChip, ChoiceGroup } from '#app/components/catalogue/choice-chip.tsx';
import { completionText } from '#app/components/catalogue/completion.ts';
import { ChipFilterForm, CardGrid } from '#app/components/catalogue/chip-filter.tsx';
import { listParam, queryString } from '#app/components/catalogue/form-query.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { ProjectCard } from '#app/components/catalogue/project-card.tsx';
import { requestLocale } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
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

/**
 * The list filtered by status, location (district) and completion, each a comma list of codes in the URL
 * (`?district=khoroshyovo-mnyovniki`, the codes of the project filter API); each chip shows how many projects
 * it would leave, and one that would leave none is disabled.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  const params = url.searchParams;
  const query = { status: listParam(params, 'status'), district: listParam(params, 'district'), completion: listParam(params, 'completion') };
  const [all, projects, specs, facets] = await Promise.all([
    catalogue.projects(locale),
    catalogue.projects(locale, query),
    catalogue.projectSpecs(locale),
    catalogue.projectFacets(query),
  ]);
  const districts = choicesOf(specs, 'district');
  // Old addresses named a district by its word (`?district=Хорошёво-Мнёвники`): one 301 to its code.
  if (query.district.some((value) => !districts.some((choice) => choice.value === value))) {
    const byWord = new Map<string, string>();
    for (const other of LOCALES) {
      for (const choice of choicesOf(await catalogue.projectSpecs(other), 'district')) byWord.set(choice.label.toLocaleLowerCase(), choice.value);
    }
    const codes = [...new Set(query.district.map((value) => byWord.get(value.toLocaleLowerCase()) ?? value))];
    if (codes.join(',') !== query.district.join(',')) {
      params.set('district', codes.join(','));
      throw redirect(url.pathname + queryString(params), 301);
    }
  }
  const sign = pictureSigner(context, request);
  return {
    projects: projects.map((project) => ({ ...project, image: sign(project.image, 'card') })),
    options: { ...filterOptions(all), districts },
    counts: facets.items,
    query,
  };
}

function choicesOf(specs: SpecItem[], name: string): { value: string; label: string }[] {
  const spec = specs.find((item) => item.name === name);
  return spec?.kind === 'choices' ? spec.choices : [];
}

function filterOptions(projects: ProjectCardData[]) {
  const completions = [...new Set(projects.map((project) => project.completion ?? 'done'))].sort((a, b) =>
    a === 'done' ? -1 : b === 'done' ? 1 : a.localeCompare(b),
  );
  const statuses = PROJECT_STATUSES.filter((status) => projects.some((project) => project.status === status));
  return { statuses, completions, total: projects.length };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects, options, counts, query } = loaderData;
  const count = (item: 'status' | 'district' | 'completion', value: string) => counts[item]?.choices?.[value] ?? 0;
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
                count={count('status', status)}
                label={t(`catalogue.projectStatus.${status}`)}
              />
            ))}
          </ChoiceGroup>
          <ChoiceGroup legend={t('catalogue.projects.district')}>
            {options.districts.map((district) => (
              <ChoiceChip
                key={district.value}
                name="district"
                value={district.value}
                defaultChecked={query.district.includes(district.value)}
                count={count('district', district.value)}
                label={district.label}
              />
            ))}
          </ChoiceGroup>
          <ChoiceGroup legend={t('catalogue.projects.completion')}>
            {options.completions.map((code) => (
              <ChoiceChip
                key={code}
                name="completion"
                value={code}
                defaultChecked={query.completion.includes(code)}
                count={count('completion', code)}
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
