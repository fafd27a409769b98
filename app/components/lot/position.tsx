import type { LotDetail } from '#core/catalogue/types.ts';
import { Image } from '#app/components/ui/image.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** Where the lot is on its floor: the floor's plan with the lot's outline drawn over it. */
export function FloorPosition({ lot, title }: { lot: LotDetail; title: string }) {
  const t = useT();
  const { image, shape } = lot.floorPlan;
  return (
    <figure className="rounded-3xl bg-white p-4 ring-1 ring-line sm:p-8">
      <div className="relative">
        <Image picture={image} usage="lotFloorPosition" alt={image.alt} className="[&_img]:object-contain" />
        <svg viewBox={`0 0 ${image.width} ${image.height}`} className="absolute inset-0 size-full" aria-hidden="true">
          <path d={shape} vectorEffect="non-scaling-stroke" className="fill-accent/45 stroke-accent-800 stroke-[3]" />
        </svg>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted">{t('catalogue.lot.positionLabel', { name: title })}</figcaption>
    </figure>
  );
}
