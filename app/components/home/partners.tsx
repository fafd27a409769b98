import type { HomePartner } from '#core/content/home-blocks.ts';
import { useT } from '#app/lib/i18n.tsx';

/**
 * A partner as the page shows it: its logo's URL made (and signed) by the loader, 40 px high, and its alt text: empty
 * where it would only repeat the name written beside it.
 */
export type HomePartnerData = Omit<HomePartner, 'logo'> & { logo: { url: string; width: number; height: number; alt: string } };

/**
 * Partners (spec §7 `/api/main_page_partners/`): the partner banks, then the firms the developer works with,
 * each a logo (the media library's picture: its crop, its alt text where it has one) with its name in the visitor's
 * language (the marks carry no lettering) and, for a firm, what it is.
 */
export function HomePartners({ partners }: { partners: HomePartnerData[] }) {
  const t = useT();
  const banks = partners.filter((p) => p.kind === 'bank');
  const others = partners.filter((p) => p.kind !== 'bank');
  if (!partners.length) return null;
  return (
    <section aria-labelledby="partners-title" className="container-page py-14 sm:py-20">
      <h2 id="partners-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {t('homeBlocks.partners.title')}
      </h2>
      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        {banks.length ? <PartnerGroup id="partners-banks" title={t('homeBlocks.partners.banks')} partners={banks} /> : null}
        {others.length ? <PartnerGroup id="partners-others" title={t('homeBlocks.partners.others')} partners={others} /> : null}
      </div>
    </section>
  );
}

function PartnerGroup({ id, title, partners }: { id: string; title: string; partners: HomePartnerData[] }) {
  const t = useT();
  return (
    <div>
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-4 grid gap-3 sm:grid-cols-2">
        {partners.map((p) => {
          const body = (
            <>
              <img
                src={p.logo.url}
                alt={p.logo.alt}
                width={p.logo.width}
                height={p.logo.height}
                loading="lazy"
                decoding="async"
                className="size-10 shrink-0 rounded-lg object-contain"
              />
              <span className="min-w-0">
                <span className="block font-semibold text-ink">{p.name}</span>
                {/* A bank's kind is its group's heading already. */}
                {p.kind === 'bank' ? null : <span className="block text-sm text-muted">{t(`homeBlocks.partners.kind.${p.kind}`)}</span>}
              </span>
            </>
          );
          const box = 'flex min-h-16 items-center gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-line';
          return (
            <li key={`${p.kind}-${p.id}`}>
              {p.url ? (
                <a href={p.url} target="_blank" rel="noopener noreferrer" className={`${box} hover:ring-brand-300`}>
                  {body}
                </a>
              ) : (
                <div className={box}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
