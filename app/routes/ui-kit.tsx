import type { ReactNode } from 'react';
import type { Route } from './+types/ui-kit';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { Dialog, dialogOpener } from '#app/components/ui/dialog.tsx';
import { Checkbox, TextField } from '#app/components/ui/field.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, { title: messages ? translate(messages, 'routes.uiKit') : undefined, noindex: true });
}

/** Literal class names, so Tailwind generates each swatch. */
const COLOURS = [
  ['ink', 'bg-ink', '#1c2321'],
  ['muted', 'bg-muted', '#5b6663'],
  ['line', 'bg-line', '#dfe3e0'],
  ['paper', 'bg-paper', '#f7f6f2'],
  ['sand', 'bg-sand', '#efe9dd'],
  ['brand-50', 'bg-brand-50', '#eef6f4'],
  ['brand-100', 'bg-brand-100', '#d5e9e4'],
  ['brand-200', 'bg-brand-200', '#abd3c9'],
  ['brand-300', 'bg-brand-300', '#79b5a7'],
  ['brand-500', 'bg-brand-500', '#2f7a6c'],
  ['brand-600', 'bg-brand-600', '#236558'],
  ['brand-700', 'bg-brand-700', '#1c5148'],
  ['brand-800', 'bg-brand-800', '#163f39'],
  ['brand-900', 'bg-brand-900', '#0f2c28'],
  ['accent', 'bg-accent', '#c8793a'],
  ['danger', 'bg-danger', '#b3261e'],
  ['success', 'bg-success', '#1f7a46'],
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export default function UiKit() {
  const t = useT();
  return (
    <div className="container-page py-8 sm:py-12">
      <Breadcrumbs items={[{ label: t('routes.uiKit') }]} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">{t('routes.uiKit')}</h1>
      <p className="mt-3 text-lg text-muted">{t('uiKit.intro')}</p>
      <nav aria-label={t('routes.uiKit')} className="mt-6 flex flex-wrap gap-2">
        {(['buttons', 'inputs', 'checkboxes', 'modals', 'typography', 'colours'] as const).map((id) => (
          <a key={id} href={`#${id}`} className="rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:border-brand-300">
            {t(`uiKit.${id}`)}
          </a>
        ))}
      </nav>
      <div className="mt-8 grid gap-6">
        <Section id="buttons" title={t('uiKit.buttons')}>
          <div className="space-y-4">
            {(['primary', 'secondary', 'ghost'] as const).map((variant) => (
              <div key={variant} className="flex flex-wrap items-center gap-3">
                <Button variant={variant} size="sm">
                  {t(`uiKit.${variant}`)}
                </Button>
                <Button variant={variant}>{t(`uiKit.${variant}`)}</Button>
                <Button variant={variant} size="lg">
                  <Icon name="arrow-right" />
                  {t(`uiKit.${variant}`)}
                </Button>
                <Button variant={variant} disabled>
                  {t('uiKit.disabled')}
                </Button>
                <Button variant={variant} aria-busy="true" aria-disabled="true">
                  <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
                  {t('uiKit.loading')}
                </Button>
              </div>
            ))}
            <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-brand-800 p-4">
              <Button variant="inverse">{t('uiKit.primary')}</Button>
              <ButtonLink to="#buttons" variant="inverse" size="sm">
                {t('uiKit.secondary')}
              </ButtonLink>
            </div>
          </div>
        </Section>
        <Section id="inputs" title={t('uiKit.inputs')}>
          <div className="grid gap-5 md:grid-cols-2">
            <TextField label={t('uiKit.name')} name="kit-name" placeholder={t('uiKit.namePlaceholder')} autoComplete="off" />
            <TextField label={t('uiKit.phone')} name="kit-phone" type="tel" defaultValue="+7 495 000-12-34" autoComplete="off" />
            <TextField label={t('uiKit.name')} name="kit-invalid" defaultValue="R2-D2" error={t('uiKit.invalidExample')} autoComplete="off" />
            <TextField label={t('uiKit.email')} name="kit-required" type="email" required error={t('uiKit.required')} autoComplete="off" />
            <TextField label={t('uiKit.email')} name="kit-disabled" type="email" disabled defaultValue="sales@example.ru" />
          </div>
        </Section>
        <Section id="checkboxes" title={t('uiKit.checkboxes')}>
          <div className="grid gap-4 md:grid-cols-2">
            <Checkbox name="kit-newsletter" label={t('uiKit.newsletter')} />
            <Checkbox name="kit-consent" label={t('uiKit.consent')} defaultChecked />
            <Checkbox name="kit-consent-error" label={t('uiKit.consent')} error={t('uiKit.required')} />
            <Checkbox name="kit-disabled" label={t('uiKit.newsletter')} disabled />
          </div>
        </Section>
        <Section id="modals" title={t('uiKit.modals')}>
          <Button {...dialogOpener('kit-dialog')}>{t('uiKit.openModal')}</Button>
          <Dialog id="kit-dialog" title={t('uiKit.modalTitle')}>
            <p className="text-muted">{t('uiKit.modalText')}</p>
            <TextField className="mt-4" label={t('uiKit.name')} name="kit-dialog-name" autoComplete="off" />
          </Dialog>
        </Section>
        <Section id="typography" title={t('uiKit.typography')}>
          <div className="space-y-3">
            <p className="font-heading text-5xl font-extrabold tracking-tight">{t('uiKit.sample')}</p>
            <p className="font-heading text-3xl font-bold tracking-tight">{t('uiKit.sample')}</p>
            <p className="text-xl font-semibold">{t('uiKit.sample')}</p>
            <p className="text-base">{t('uiKit.sample')}</p>
            <p className="text-sm text-muted">{t('uiKit.sample')}</p>
          </div>
        </Section>
        <Section id="colours" title={t('uiKit.colours')}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {COLOURS.map(([name, className, hex]) => (
              <li key={name} className="overflow-hidden rounded-2xl border border-line">
                <div className={`h-16 ${className}`} />
                <p className="px-3 pt-2 text-sm font-semibold">{name}</p>
                <p className="px-3 pb-2 font-mono text-xs text-muted">{hex}</p>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}
