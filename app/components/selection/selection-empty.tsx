import { ButtonLink } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/** An empty selection: what it is for, and the way to the filter. */
export function SelectionEmpty() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <div className="mx-auto max-w-2xl rounded-3xl bg-white p-10 text-center ring-1 ring-line">
      <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon name="heart" className="size-8" />
      </span>
      <h2 className="mt-5 text-2xl font-bold">{t('catalogue.selection.empty')}</h2>
      <p className="mt-2 text-muted">{t('catalogue.selection.emptyText')}</p>
      <ButtonLink to={lp('/filter')} size="lg" className="mt-6">
        {t('catalogue.selection.toFilter')}
        <Icon name="arrow-right" />
      </ButtonLink>
    </div>
  );
}
