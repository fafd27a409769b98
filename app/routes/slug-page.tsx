import type { Route } from './+types/slug-page';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { isPurchasePage, PURCHASE_PAGES } from '#core/purchase/calculator.ts';
import { Blocks } from '#app/components/content/blocks.tsx';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { CALCULATOR_ID, PaymentCalculator } from '#app/components/purchase/calculator.tsx';
import { PurchaseRequest } from '#app/components/purchase/request.tsx';
import { CalculatorScope } from '#app/components/purchase/scope.tsx';
import { useCalculatorContext } from '#app/components/purchase/use-calculator.ts';
import { appContext } from '#app/lib/context.server.ts';
import { calculatorModel } from '#app/loaders/purchase.server.ts';
import { useFormatters, useT } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

const SLUG = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description });
}

/**
 * The catch-all `/{slug(.*)*}`: a page from the database, or 404 'Page not found'. A purchase page adds the live
 * programmes of its kind, with the calculator and a request that carries the calculation.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const slug = (params['*'] ?? `${params.slugHead}/${params.slugTail}`).replace(/\/+$/, '');
  if (!SLUG.test(slug)) pageNotFound();
  const locale = splitLocalePath(url.pathname).locale;
  const page = await services.pages.bySlug(slug, locale);
  if (!page) pageNotFound();
  const calculator = isPurchasePage(slug) ? await calculatorModel(context, url, locale, { shows: PURCHASE_PAGES[slug] }) : null;
  return { page, calculator };
}

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  const { page, calculator } = loaderData;
  const t = useT();
  const format = useFormatters();
  return (
    <article className="container-page py-8 sm:py-12">
      <Breadcrumbs items={[{ label: page.title }]} />
      <div className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{page.title}</h1>
        <p className="mt-4 text-lg text-muted">{page.description}</p>
        <p className="mt-2 text-sm text-muted">
          <time dateTime={page.updatedAt}>{t('page.updated', { date: format.date(page.updatedAt) })}</time>
        </p>
        <div className={`mt-8 ${page.template === 'disclosure' ? 'rounded-3xl border border-line bg-white p-6 sm:p-10' : ''}`}>
          <Blocks blocks={page.body} />
        </div>
      </div>
      <CalculatorScope key={page.slug} model={calculator}>
        <PurchaseCalculator />
      </CalculatorScope>
    </article>
  );
}

/** A purchase page's programmes in force, with the calculator, then the request that carries its calculation. */
function PurchaseCalculator() {
  const t = useT();
  const calc = useCalculatorContext();
  if (!calc) return null;
  return (
    <>
      <section id={CALCULATOR_ID} aria-labelledby={`${CALCULATOR_ID}-title`} className="mt-12 scroll-mt-32 sm:mt-16 lg:scroll-mt-36">
        <h2 id={`${CALCULATOR_ID}-title`} className="text-2xl font-extrabold tracking-tight sm:text-4xl">
          {t('purchase.calculator.title')}
        </h2>
        <p className="mt-3 mb-6 max-w-2xl text-lg text-muted">{t('purchase.calculator.lead')}</p>
        <PaymentCalculator calc={calc} />
      </section>
      <section aria-labelledby="purchase-request-title" className="mt-12 max-w-3xl sm:mt-16">
        <PurchaseRequest calc={calc} />
      </section>
    </>
  );
}
