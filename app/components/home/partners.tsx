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
    <section aria-labelledby="partners-title" className="home-section">
      <h2 id="partners-title" className="section-title">
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
              <img src={p.logo.url} alt={p.logo.alt} width={p.logo.width} height={p.logo.height} loading="lazy" decoding="async" className="partner-logo" />
              <span className="min-w-0">
                <span className="partner-name">{p.name}</span>
                {/* A bank's kind is its group's heading already. */}
                {p.kind === 'bank' ? null : <span className="partner-kind">{t(`homeBlocks.partners.kind.${p.kind}`)}</span>}
              </span>
            </>
          );
          const box = 'partner';
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
