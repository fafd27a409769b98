import type { ProjectDetail } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useT } from '#app/lib/i18n.tsx';

const INFRA_ICONS = {
  metro: 'compass',
  school: 'school',
  kindergarten: 'family',
  park: 'tree',
  clinic: 'plus',
  shop: 'building',
  sport: 'map-pin',
} as const satisfies Record<string, IconName>;

function isInfraKind(kind: string): kind is keyof typeof INFRA_ICONS {
  return Object.hasOwn(INFRA_ICONS, kind);
}

/** «Инфраструктура»: the places around, each with its kind's picture and its distance. */
export function ProjectPlaces({ places }: { places: ProjectDetail['infrastructure'] }) {
  const t = useT();
  if (!places.length) return null;
  // A place's kind under its name, unless the name says it already («Школа», not «Школа — Школа»).
  const kindNote = (place: { kind: string; name: string }) => {
    if (!isInfraKind(place.kind)) return null;
    const kind = t(`catalogue.infraKind.${place.kind}`);
    return place.name.toLocaleLowerCase().includes(kind.toLocaleLowerCase()) ? null : kind;
  };
  return (
    <Section id="infrastructure" title={t('catalogue.project.infrastructure')}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {places.map((place) => (
          <li key={`${place.kind}-${place.name}`} className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-line">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name={isInfraKind(place.kind) ? INFRA_ICONS[place.kind] : 'map-pin'} className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{place.name}</span>
              {kindNote(place) ? <span className="block text-sm text-muted">{kindNote(place)}</span> : null}
            </span>
            <span className="shrink-0 text-sm font-semibold text-brand-800 tabular-nums">{place.distance}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
