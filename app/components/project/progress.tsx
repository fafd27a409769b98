import type { ProjectDetail } from '#core/catalogue/types.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** «Ход строительства»: one report a month, the latest open, each with its text and photographs. */
export function ProjectProgress({ reports }: { reports: ProjectDetail['progress'] }) {
  const t = useT();
  const format = useCatalogueFormat();
  if (!reports.length) return null;
  return (
    <Section id="progress" title={t('catalogue.project.progress')}>
      <div className="space-y-3">
        {reports.map((report, index) => (
          <details key={report.month} open={index === 0} className="group rounded-3xl bg-white ring-1 ring-line">
            <summary className="flex min-h-16 cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 [&::-webkit-details-marker]:hidden">
              <span>
                <span className="block text-lg font-bold first-letter:uppercase">{format.month(report.month)}</span>
                {index === 0 ? <span className="text-sm font-semibold text-brand-700">{t('catalogue.project.progressLatest')}</span> : null}
              </span>
              <Icon name="chevron-down" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-6 pb-6">
              <p className="max-w-3xl text-muted">{report.text}</p>
              {report.photos.length ? (
                <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
                  {report.photos.map((photo) => (
                    <li key={photo.src}>
                      <Image picture={photo} usage="progressPhoto" alt={photo.alt} className="aspect-[32/22] rounded-2xl" />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}
