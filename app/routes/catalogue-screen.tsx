import type { Route } from './+types/catalogue-screen';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { Breadcrumbs, type Crumb } from '#app/components/layout/breadcrumbs.tsx';
import { CONTACT_DIALOG_ID } from '#app/components/layout/contact-dialog.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT, translate, type MessageKey } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { NUMERIC_ID, SLUG_ID, validateRoute } from '#app/lib/route-validate.ts';

/**
 * The screens the content issue fills (promotions and news). The routes, their parameter rules (a failed
 * rule is a 404) and their breadcrumbs are final; the screens' content is not built yet and says so.
 */
type Screen = { title: MessageKey; crumbs: { label: MessageKey; to?: string }[] };

function screenFor(path: string, params: Record<string, string | undefined>): { valid: boolean; screen: Screen } {
  const head = path.split('/').filter(Boolean)[0];
  const list: MessageKey = head === 'promo' ? 'routes.promo' : 'routes.news';
  const item = params.id ?? params.slug;
  if (item === undefined) return { valid: true, screen: { title: list, crumbs: [{ label: list }] } };
  const valid = head === 'promo' ? NUMERIC_ID.test(item) || SLUG_ID.test(item) : SLUG_ID.test(item);
  return { valid, screen: { title: list, crumbs: [{ label: list, to: `/${head}` }, { label: list }] } };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { path } = splitLocalePath(new URL(request.url).pathname);
  const { valid, screen } = screenFor(path, params as Record<string, string | undefined>);
  validateRoute(request, valid);
  return { screen };
}

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const screen = args.loaderData?.screen;
  if (!messages || !screen) return pageMeta(args, {});
  return pageMeta(args, { title: translate(messages, screen.title) });
}

export default function CatalogueScreen({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { screen } = loaderData;
  const crumbs: Crumb[] = screen.crumbs.map((crumb) => ({ label: t(crumb.label), ...(crumb.to ? { to: crumb.to } : {}) }));
  return (
    <section className="container-page py-8 sm:py-12">
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">{t(screen.title)}</h1>
      <div className="mt-8 flex max-w-3xl flex-col gap-6 rounded-3xl border border-line bg-white p-6 sm:flex-row sm:items-center sm:p-8">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon name="building" className="size-7" />
        </span>
        <div className="flex-1">
          <h2 className="text-xl font-bold">{t('routes.comingSoon')}</h2>
          <p className="mt-1 text-muted">{t('routes.comingSoonText')}</p>
        </div>
        <button {...dialogOpener(CONTACT_DIALOG_ID)} className={buttonClass('primary', 'md', 'shrink-0')}>
          {t('header.contact')}
        </button>
      </div>
    </section>
  );
}
