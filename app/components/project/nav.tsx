import type { ProjectDetail } from '#core/catalogue/types.ts';
import { useT, type TextKey } from '#app/lib/i18n.tsx';

type Block = { id: string; label: TextKey; shown: boolean };

/** The page's blocks in order, each with its anchor and its title; a block with nothing to show is left out. */
export function projectBlocks(project: ProjectDetail, benefits = 0): Block[] {
  return [
    { id: 'indicators', label: 'catalogue.project.indicators', shown: project.indicators.length > 0 },
    { id: 'about', label: 'catalogue.project.about', shown: project.about.length > 0 },
    { id: 'benefits', label: 'benefits.title', shown: benefits > 0 },
    { id: 'render-vs-photo', label: 'catalogue.project.renderVsPhoto', shown: project.renderVsPhoto !== null },
    { id: 'genplan', label: 'catalogue.project.genplan', shown: project.genplan.buildings.length > 0 },
    { id: 'lots', label: 'catalogue.project.lots', shown: true },
    { id: 'infrastructure', label: 'catalogue.project.infrastructure', shown: project.infrastructure.length > 0 },
    { id: 'gallery', label: 'catalogue.project.gallery', shown: project.gallery.length > 0 },
    { id: 'progress', label: 'catalogue.project.progress', shown: project.progress.length > 0 },
    { id: 'purchase', label: 'catalogue.project.purchase', shown: project.purchaseInfo.length > 0 },
    { id: 'offices', label: 'catalogue.project.offices', shown: project.offices.length > 0 },
  ];
}

/** The sticky in-page navigation: one link per block the page shows (`projectBlocks`, shown ones, worded by the loader). */
export function ProjectNav({ blocks }: { blocks: { id: string; label: string }[] }) {
  const t = useT();
  return (
    <nav aria-label={t('catalogue.project.nav')} className="sticky top-16 z-30 mt-6 border-y border-line bg-paper/95 backdrop-blur lg:top-20">
      <ul className="container-page flex gap-1 overflow-x-auto py-2 [scrollbar-width:none]">
        {blocks.map((block) => (
          <li key={block.id} className="shrink-0">
            <a href={`#${block.id}`} className="section-link">
              {block.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
