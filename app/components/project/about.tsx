import type { ProjectDetail } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** «О проекте»: the description and the story in paragraphs (the advantages are the benefits section's, benefits.tsx). */
export function ProjectAbout({ project }: { project: Pick<ProjectDetail, 'description' | 'about'> }) {
  const t = useT();
  if (!project.about.length) return null;
  return (
    <Section id="about" title={t('catalogue.project.about')}>
      <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-pretty">
        <p className="text-xl font-semibold text-brand-800">{project.description}</p>
        {project.about.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}
