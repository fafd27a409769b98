import type { Route } from './+types/catalogue-screen';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { Breadcrumbs, type Crumb } from '#app/components/layout/breadcrumbs.tsx';
import { CONTACT_DIALOG_ID } from '#app/components/layout/contact-dialog.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT, translate, type MessageKey } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { LOT_TYPES, NUMERIC_ID, SLUG_ID, validateRoute, type LotType } from '#app/lib/route-validate.ts';

/**
 * The screens the catalogue and content issues fill (projects, building, section, floor, lot, filter,
 * selection, promotions, news). The routes, their parameter rules (a failed rule is a 404) and their
 * breadcrumbs are final; the screens' content is not built yet and says so to the visitor.
 */
type Screen = { title: MessageKey; params?: Record<string, string>; crumbs: { label: MessageKey; params?: Record<string, string>; to?: string }[] };

function screenFor(path: string, params: Record<string, string | undefined>): { valid: boolean; screen: Screen } {
  const segments = path.split('/').filter(Boolean);
  const p = (name: string) => params[name] ?? '';
  const slugOk = (...names: string[]) => names.every((name) => SLUG_ID.test(p(name)));
  const head = segments[0];
  if (head === 'projects' || head === 'shared-projects') {
    const shared = head === 'shared-projects';
    const id = shared ? p('sharedProjectsId') : p('id');
    const base = `/${head}/${id}`;
    if (segments.length === 1) return { valid: true, screen: { title: 'routes.projects', crumbs: [{ label: 'routes.projects' }] } };
    const crumbs: Screen['crumbs'] = [
      { label: 'routes.projects', to: '/projects' },
      { label: shared ? 'routes.sharedProject' : 'routes.project', params: { id }, to: base },
    ];
    let title: MessageKey = shared ? 'routes.sharedProject' : 'routes.project';
    let titleParams: Record<string, string> = { id };
    if (params.buildingId !== undefined) {
      crumbs.push({ label: 'routes.building', params: { id: p('buildingId') }, to: `${base}/building/${p('buildingId')}` });
      title = 'routes.building';
      titleParams = { id: p('buildingId') };
    }
    if (params.sectionId !== undefined) {
      crumbs.push({ label: 'routes.section', params: { id: p('sectionId') }, to: `${base}/building/${p('buildingId')}/section/${p('sectionId')}` });
      title = 'routes.section';
      titleParams = { id: p('sectionId') };
    }
    if (params.floorId !== undefined) {
      crumbs.push({ label: 'routes.floor', params: { id: p('floorId') } });
      title = 'routes.floor';
      titleParams = { id: p('floorId') };
    }
    delete crumbs[crumbs.length - 1]!.to;
    const valid = SLUG_ID.test(id) && ['buildingId', 'sectionId', 'floorId'].every((name) => params[name] === undefined || slugOk(name));
    return { valid, screen: { title, params: titleParams, crumbs } };
  }
  if (params.lotType !== undefined) {
    const valid =
      /^[a-z0-9][a-z0-9-]*$/.test(p('projectShortSlug')) && (LOT_TYPES as readonly string[]).includes(p('lotType')) && /^[A-Za-z0-9._-]+$/.test(p('number'));
    const type = valid ? p('lotType') : 'flat';
    return {
      valid,
      screen: {
        title: 'routes.lot',
        params: { type: `lotTypes.${type as LotType}`, number: p('number') },
        crumbs: [
          { label: 'routes.filter', to: '/filter' },
          { label: 'routes.lot', params: { type: `lotTypes.${type as LotType}`, number: p('number') } },
        ],
      },
    };
  }
  if (head === 'filter') {
    if (params.slug !== undefined)
      return {
        valid: slugOk('slug'),
        screen: { title: 'routes.seoFilter', crumbs: [{ label: 'routes.filter', to: '/filter' }, { label: 'routes.seoFilter' }] },
      };
    return { valid: true, screen: { title: 'routes.filter', crumbs: [{ label: 'routes.filter' }] } };
  }
  if (head === 'promo' || head === 'news') {
    const list: MessageKey = head === 'promo' ? 'routes.promo' : 'routes.news';
    const item = params.id ?? params.slug;
    if (item === undefined) return { valid: true, screen: { title: list, crumbs: [{ label: list }] } };
    const valid = head === 'promo' ? NUMERIC_ID.test(item) || SLUG_ID.test(item) : SLUG_ID.test(item);
    return { valid, screen: { title: list, crumbs: [{ label: list, to: `/${head}` }, { label: list }] } };
  }
  return { valid: true, screen: { title: 'routes.selection', crumbs: [{ label: 'routes.selection' }] } };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { path } = splitLocalePath(new URL(request.url).pathname);
  const { valid, screen } = screenFor(path, params as Record<string, string | undefined>);
  validateRoute(request, valid);
  return { screen };
}

function resolveParams(params: Record<string, string> | undefined, t: (key: MessageKey) => string): Record<string, string> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value.startsWith('lotTypes.') ? t(value as MessageKey) : value]));
}

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const screen = args.loaderData?.screen;
  if (!messages || !screen) return pageMeta(args, {});
  const t = (key: MessageKey, params?: Record<string, string>) => translate(messages, key, params);
  return pageMeta(args, { title: t(screen.title, resolveParams(screen.params, t)) });
}

export default function CatalogueScreen({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { screen } = loaderData;
  const crumbs: Crumb[] = screen.crumbs.map((crumb) => ({ label: t(crumb.label, resolveParams(crumb.params, t)), ...(crumb.to ? { to: crumb.to } : {}) }));
  return (
    <section className="container-page py-8 sm:py-12">
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">{t(screen.title, resolveParams(screen.params, t))}</h1>
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
