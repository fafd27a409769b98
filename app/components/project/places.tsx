import type { ProjectDetail } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { Link } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useSubscriptionHeading } from '#app/components/forms/subscription-heading.ts';

const INFRA_ICONS = {
  metro: 'compass',
  school: 'school',
  kindergarten: 'family',
  park: 'tree',
  clinic: 'plus',
  shop: 'building',
  sport: 'map-pin',
} as const satisfies Record<string, IconName>;

/** The places a family with children looks for. */
const FAMILY_KINDS = new Set(['school', 'kindergarten']);

function isInfraKind(kind: string): kind is keyof typeof INFRA_ICONS {
  return Object.hasOwn(INFRA_ICONS, kind);
}

/** «Инфраструктура»: the places around, each with its kind's picture and its distance. */
export function ProjectPlaces({ places, projectId }: { places: ProjectDetail['infrastructure']; projectId: string }) {
  const t = useT();
  const lp = useLocalePath();
  const childrenHeading = useSubscriptionHeading('children');
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
          <li key={`${place.kind}-${place.name}`} className="place">
            <span className="place-icon">
              <Icon name={isInfraKind(place.kind) ? INFRA_ICONS[place.kind] : 'map-pin'} className="size-5" />
            </span>
            <span className="place-name">
              <span className="block font-semibold">{place.name}</span>
              {kindNote(place) ? <span className="block text-sm text-muted">{kindNote(place)}</span> : null}
            </span>
            <span className="place-distance">{place.distance}</span>
          </li>
        ))}
      </ul>
      {places.some((place) => FAMILY_KINDS.has(place.kind)) ? (
        // Where the schools and kindergartens are shown, the «for children» news is offered (spec §3 headings).
        <aside
          aria-labelledby="children-news-title"
          className="mt-6 flex flex-col gap-4 rounded-3xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700">
              <Icon name="family" className="size-5" />
            </span>
            <div>
              <h3 id="children-news-title" className="text-lg font-bold">
                {childrenHeading.title}
              </h3>
              <p className="mt-1 text-muted">{childrenHeading.description}</p>
            </div>
          </div>
          <Link
            to={`${lp('/forms/subscribe')}?topic=children&project=${projectId}`}
            className={buttonClass('secondary', 'md', 'shrink-0 bg-white hover:bg-brand-50 active:bg-brand-100')}
          >
            {t('forms.actions.subscribe')}
          </Link>
        </aside>
      ) : null}
    </Section>
  );
}
