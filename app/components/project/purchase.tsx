import type { ProjectDetail } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useT } from '#app/lib/i18n.tsx';

/** Each way to buy its own picture: a mortgage, instalments, paying in full and a trade-in are not one thing. */
function purchaseIcon(method: string): IconName {
  if (method.includes('mortgage')) return 'percent';
  if (method === 'installment') return 'calendar';
  if (method === 'full_payment') return 'wallet';
  if (method === 'trade_in') return 'swap';
  return 'key';
}

/** «Способы покупки»: the project's ways to buy, a card each. */
export function ProjectPurchase({ methods }: { methods: ProjectDetail['purchaseInfo'] }) {
  const t = useT();
  if (!methods.length) return null;
  return (
    <Section id="purchase" title={t('catalogue.project.purchase')}>
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        {methods.map((item) => (
          <li key={item.method} className="flex flex-col rounded-3xl bg-white p-6 ring-1 ring-line">
            <span className="flex size-11 items-center justify-center rounded-2xl bg-sand text-accent-800">
              <Icon name={purchaseIcon(item.method)} className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-bold">{item.title}</h3>
            <p className="mt-1.5 text-muted">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
