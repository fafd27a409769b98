import type { ProjectDetail } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { AdvantageList } from '#app/components/content/advantage-list.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useT } from '#app/lib/i18n.tsx';

const ADVANTAGE_ICONS: IconName[] = ['tree', 'family', 'car', 'building', 'map-pin', 'percent'];

/** «О проекте»: the description, the story in paragraphs and the advantages as cards. */
export function ProjectAbout({ project }: { project: Pick<ProjectDetail, 'description' | 'about' | 'advantages'> }) {
  const t = useT();
  if (!project.about.length && !project.advantages.length) return null;
  return (
    <Section id="about" title={t('catalogue.project.about')}>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="space-y-4 text-lg leading-relaxed text-pretty">
          <p className="text-xl font-semibold text-brand-800">{project.description}</p>
          {project.about.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {project.advantages.length ? (
          <div>
            <h3 className="sr-only">{t('catalogue.project.advantages')}</h3>
            <AdvantageList items={project.advantages} icons={ADVANTAGE_ICONS} headingLevel={4} className="grid gap-4 sm:grid-cols-2" />
          </div>
        ) : null}
      </div>
    </Section>
  );
}
