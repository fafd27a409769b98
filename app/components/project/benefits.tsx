import type { Benefit } from '#core/content/stories.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Dialog, dialogOpener } from '#app/components/ui/dialog.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';

export const BENEFITS_DIALOG_ID = 'project-benefits';

/**
 * A project's benefits section: its own as cards, then the developer's, said with every project, in a lighter row.
 * The same rows as the "why this project" dialog and the presentation PDF (one table, `benefits`).
 */
export function ProjectBenefits({ items }: { items: Benefit[] }) {
  const t = useT();
  if (!items.length) return null;
  const own = items.filter((b) => b.project !== null);
  const developer = items.filter((b) => b.project === null);
  return (
    <Section id="benefits" title={t('benefits.title')}>
      {own.length ? <BenefitCards items={own} headingLevel={3} className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3" /> : null}
      {developer.length ? (
        <div className="mt-10">
          <h3 className="text-lg font-bold text-muted">{t('benefits.developer')}</h3>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {developer.map((b) => (
              <li key={b.id} className="flex gap-4 rounded-3xl bg-brand-50/60 p-5">
                <BenefitIcon icon={b.icon} />
                <div>
                  <h4 className="font-bold">{b.title}</h4>
                  <p className="mt-1 text-muted">{b.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}

function BenefitCards({ items, headingLevel, className }: { items: Benefit[]; headingLevel: 3 | 4; className: string }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={className}>
      {items.map((b) => (
        <li key={b.id} className="panel">
          <BenefitIcon icon={b.icon} />
          <Heading className="panel-title">{b.title}</Heading>
          <p className="mt-2 text-muted">{b.text}</p>
        </li>
      ))}
    </ul>
  );
}

function BenefitIcon({ icon }: { icon: Benefit['icon'] }) {
  return (
    <span className="icon-tile shrink-0">
      <Icon name={icon} className="size-6" />
    </span>
  );
}

/**
 * "Why {project}": the hero's button opening the benefits dialog. Opened by the visitor only, never by itself: an
 * unasked popup covers the page a buyer came to read. It opens with invoker commands, so before JavaScript too.
 */
export function BenefitsButton({ name }: { name: string }) {
  const t = useT();
  return (
    <button {...dialogOpener(BENEFITS_DIALOG_ID)} className={buttonClass('ghost', 'lg', 'btn-on-photo')}>
      <Icon name="check" />
      {t('benefits.open', { name })}
    </button>
  );
}

/** The benefits dialog: the project's own and the developer's, in one list (a real modal dialog: focus kept inside, Esc closes). */
export function BenefitsDialog({ name, items }: { name: string; items: Omit<Benefit, 'project'>[] }) {
  const t = useT();
  return (
    <Dialog id={BENEFITS_DIALOG_ID} title={t('benefits.dialog', { name })} className="w-[min(100%-2rem,44rem)]">
      <ul className="grid gap-5">
        {items.map((b) => (
          <li key={b.id} className="flex gap-4">
            <BenefitIcon icon={b.icon} />
            <div>
              <h3 className="font-bold">{b.title}</h3>
              <p className="mt-1 text-muted">{b.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
