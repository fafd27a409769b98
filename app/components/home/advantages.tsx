import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useT } from '#app/lib/i18n.tsx';

const ADVANTAGE_ICONS: IconName[] = ['map-pin', 'building', 'tree', 'family', 'car', 'percent'];

export function HomeAdvantages({ items: advantages }: { items: { title: string; description: string }[] }) {
  const t = useT();
  return (
    <section aria-labelledby="advantages-title" className="container-page py-14 sm:py-20">
      <h2 id="advantages-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {t('home.advantagesTitle')}
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {advantages.map((item, index) => (
          <li key={item.title} className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
              <Icon name={ADVANTAGE_ICONS[index % ADVANTAGE_ICONS.length]!} className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-bold">{item.title}</h3>
            <p className="mt-2 text-muted">{item.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
