import { AdvantageList } from '#app/components/content/advantage-list.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useT } from '#app/lib/i18n.tsx';

const ADVANTAGE_ICONS: IconName[] = ['map-pin', 'building', 'tree', 'family', 'car', 'percent'];

export function HomeAdvantages({ items: advantages }: { items: { title: string; description: string }[] }) {
  const t = useT();
  return (
    <section aria-labelledby="advantages-title" className="home-section">
      <h2 id="advantages-title" className="section-title">
        {t('home.advantagesTitle')}
      </h2>
      <AdvantageList items={advantages} icons={ADVANTAGE_ICONS} headingLevel={3} className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3" />
    </section>
  );
}
