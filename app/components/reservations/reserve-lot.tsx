import { Link } from 'react-router';
import type { LotCard } from '#core/catalogue/types.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { Image } from '#app/components/ui/image.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/** The lot being reserved, in short: plan, title, where it is, area and price, and the way back to its page. */
export function ReserveLot({
  lot,
  title,
  heading = 'reservations.reserve.toLot',
}: {
  lot: LotCard;
  title: string;
  heading?: 'reservations.reserve.toLot' | 'reservations.deal.openLot';
}) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  return (
    <section aria-label={title} className="panel" data-reserve-lot="">
      <Image picture={lot.plan} usage="lotCard" alt={lot.plan.alt} className="mx-auto aspect-[4/3] w-full max-w-64 [&_img]:object-contain" />
      <p className="mt-3 text-lg font-bold">{title}</p>
      <p className="mt-1 text-sm text-muted">
        {lot.projectName} · {lot.buildingName} · {format.floor(lot.floor)} · {format.area(lot.area)}
      </p>
      <p className="mt-2 text-xl font-extrabold tabular-nums">{format.price(lot)}</p>
      <Link to={lp(lot.url)} className="mt-3 inline-block font-semibold text-brand-800 underline underline-offset-2">
        {t(heading)}
      </Link>
    </section>
  );
}
