import type { Landing, LandingSection } from '#core/content/landings.ts';
import { LandingForm } from '#app/components/forms/landing-form.tsx';
import type { FormResult } from '#app/components/forms/types.ts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { ChannelLink, useMessengerChannel, useSalesLanguages } from '#app/components/layout/contact-channels.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';
import { messengersOf } from '#core/content/sales-contacts.ts';

export const LANDING_FORM_ID = 'landing-form';

/**
 * A landing for foreign buyers (`/{locale}/{slug}`), in its one language: the promise of a manager who speaks it,
 * the steps of a purchase, the developer's guidance on paying from abroad, signing remotely and taxes (marked as
 * guidance), the questions buyers ask, and the form that reaches those managers (it works without JavaScript).
 * What it promises is what the settings back: the editor's promise of a manager who speaks the landing's language
 * only when the sales team's languages include it (else the languages it does speak), and the messengers whose ids
 * are set.
 */
export function LandingPage({ landing, initial }: { landing: Landing; initial?: FormResult | undefined }) {
  const t = useT();
  const settings = useRootData()?.settings ?? null;
  const speaks = useSalesLanguages(settings ?? { salesLanguages: [] });
  const channel = useMessengerChannel();
  const messengers = settings ? messengersOf(settings).map(channel) : [];
  // The editor's words promise a manager in this language: said only when the sales team speaks it.
  const served = settings?.salesLanguages.includes(landing.locale) ?? false;
  const promise = served ? landing.promise : { title: t('landings.noManagerTitle'), text: t('landings.noManagerText', { speaks: speaks ?? '' }), points: [] };
  const form = served ? landing.form : { title: t('landings.call'), lead: promise.text };
  return (
    <article className="pb-16 sm:pb-24">
      <header className="bg-white">
        <div className="container-page grid gap-8 py-8 sm:py-12 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:items-start lg:gap-12">
          <div>
            <Breadcrumbs items={[{ label: landing.hero.title }]} />
            <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase">{landing.hero.kicker}</p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{landing.hero.title}</h1>
            <p className="mt-4 max-w-2xl text-lg text-pretty text-muted">{landing.hero.lead}</p>
            <a href={`#${LANDING_FORM_ID}`} className={buttonClass('primary', 'lg', 'mt-8')}>
              <Icon name="phone" className="size-5" />
              {t('landings.call')}
            </a>
          </div>
          <aside aria-labelledby="landing-promise" className="rounded-3xl bg-sand p-6 sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-full bg-white text-brand-700">
              <Icon name="globe" className="size-6" />
            </span>
            <h2 id="landing-promise" className="mt-4 text-xl font-bold tracking-tight sm:text-2xl">
              {promise.title}
            </h2>
            <p className="mt-3 text-pretty text-ink/85">{promise.text}</p>
            {promise.points.length ? (
              <ul className="mt-5 space-y-2">
                {promise.points.map((point) => (
                  <li key={point} className="flex gap-3">
                    <Icon name="check" className="mt-0.5 size-5 shrink-0 text-success" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {messengers.length ? (
              <div className="mt-6 border-t border-ink/10 pt-5" data-landing-messengers>
                <h3 className="font-semibold">{t('landings.messengers')}</h3>
                <ul className="mt-3 space-y-2">
                  {messengers.map((messenger) => (
                    <li key={messenger.key}>
                      <ChannelLink channel={messenger} className="inline-flex min-h-11 items-center gap-2 wrap-anywhere hover:text-brand-700">
                        <Icon name={messenger.icon} className="size-5 shrink-0 text-brand-700" />
                        <span className="font-semibold">{messenger.title}</span>
                        <span>{messenger.detail}</span>
                      </ChannelLink>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </aside>
        </div>
      </header>

      <section aria-labelledby="landing-steps" className="container-page py-12 sm:py-16">
        <h2 id="landing-steps" className="text-2xl font-extrabold tracking-tight sm:text-4xl">
          {landing.steps.title}
        </h2>
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('landings.stepsLabel')}>
          {landing.steps.items.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-3xl bg-white p-6 ring-1 ring-line">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700 tabular-nums"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-bold tracking-tight">{step.title}</h3>
                <p className="mt-2 text-pretty text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="landing-guidance" className="container-page">
        <h2 id="landing-guidance" className="sr-only">
          {t('landings.guidanceSections')}
        </h2>
        <div role="note" aria-labelledby="landing-note" className="mb-4 flex gap-4 rounded-3xl border border-line bg-white p-6">
          <Icon name="alert" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <div>
            <p id="landing-note" className="font-bold">
              {t('landings.guidanceTitle')}
            </p>
            <p className="mt-1 text-pretty text-muted">{landing.guidance}</p>
          </div>
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <GuidanceSection id="landing-payment" section={landing.payment} />
          <GuidanceSection id="landing-signing" section={landing.signing} />
          <GuidanceSection id="landing-taxes" section={landing.taxes} />
        </div>
      </section>

      {landing.faq.items.length ? (
        <section aria-labelledby="landing-faq" className="container-page py-12 sm:py-16">
          <h2 id="landing-faq" className="text-2xl font-extrabold tracking-tight sm:text-4xl">
            {landing.faq.title}
          </h2>
          <div className="mt-6 max-w-3xl divide-y divide-line rounded-3xl bg-white ring-1 ring-line">
            {landing.faq.items.map((item) => (
              <details key={item.question} className="group p-5 sm:p-6">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 text-lg font-semibold [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <Icon name="plus" className="size-5 shrink-0 transition-transform group-open:rotate-45" />
                </summary>
                <p className="mt-3 text-pretty text-muted">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null}

      <section id={LANDING_FORM_ID} aria-labelledby="landing-form-title" className="container-page scroll-mt-32 lg:scroll-mt-36">
        <div className="mx-auto max-w-3xl rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
          <h2 id="landing-form-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {form.title}
          </h2>
          <p className="mt-2 mb-6 text-lg text-muted">{form.lead}</p>
          <LandingForm landing={landing.slug} initial={initial} />
        </div>
      </section>
    </article>
  );
}

function GuidanceSection({ id, section }: { id: string; section: LandingSection }) {
  return (
    <section aria-labelledby={id} className="panel">
      <h3 id={id} className="text-xl font-bold tracking-tight">
        {section.title}
      </h3>
      <div className="mt-3 space-y-3 text-pretty text-ink/85">
        {section.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}
