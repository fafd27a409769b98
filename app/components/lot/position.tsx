import type { LotDetail } from '#core/catalogue/types.ts';
import { PictureMap } from '#app/components/catalogue/picture-map.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** Where the lot is on its floor: the floor's plan with the lot's outline drawn over it. */
export function FloorPosition({ lot, title }: { lot: Omit<LotDetail, 'similar'>; title: string }) {
  const t = useT();
  const { image, shape } = lot.floorPlan;
  return (
    <figure className="rounded-3xl bg-white p-4 ring-1 ring-line sm:p-8">
      <PictureMap picture={image} usage="lotFloorPosition" imageClassName="[&_img]:object-contain">
        <path d={shape} vectorEffect="non-scaling-stroke" className="fill-accent/45 stroke-accent-800 stroke-[3]" />
      </PictureMap>
      <figcaption className="mt-3 text-center text-sm text-muted">{t('catalogue.lot.positionLabel', { name: title })}</figcaption>
    </figure>
  );
}
