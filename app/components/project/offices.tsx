import type { Office } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { formatPhone, telHref } from '#core/phone.ts';

/** «Офисы продаж»: the sales offices that serve the project, with their hours, a call button and the map. */
export function ProjectOffices({ offices }: { offices: Office[] }) {
  const t = useT();
  if (!offices.length) return null;
  return (
    <Section id="offices" title={t('catalogue.project.offices')}>
      <ul className="grid gap-4 md:grid-cols-2">
        {offices.map((office) => (
          <li key={office.id} className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-8">
            <h3 className="text-xl font-bold">{office.name}</h3>
            <p className="mt-3 flex items-start gap-2">
              <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {office.address}
            </p>
            <p className="mt-2 flex items-start gap-2 text-muted">
              <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {office.hours}
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              <a href={telHref(office.phone)} className={buttonClass('primary', 'md')}>
                <Icon name="phone" />
                {formatPhone(office.phone)}
              </a>
              <a
                href={`https://yandex.ru/maps/?pt=${office.lng},${office.lat}&z=16&l=map`}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('secondary', 'md')}
              >
                {t('catalogue.project.officeMap')}
                <Icon name="external" className="size-4" />
              </a>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
