import { index, layout, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The spec's route table (§2), once per locale prefix: unprefixed (Russian under the default
 * `prefix_except_default` strategy) and `/en`, `/zh`, `/ru`. The server sends each request to the canonical
 * form of the configured strategy, so one build serves every strategy. Route ids carry the prefix.
 */
function localeTree(prefix: '' | 'en' | 'zh' | 'ru'): RouteConfigEntry[] {
  const id = (name: string) => `${prefix || 'default'}:${name}`;
  const page = (path: string, file: string, name: string) => route(path, file, { id: id(name) });
  // Projects and shared projects share their screens; each module tells them apart by the route's params.
  const catalogue = (base: string, name: string) => [
    page(base, 'routes/project.tsx', `${name}`),
    page(`${base}/progress`, 'routes/progress.tsx', `${name}-progress`),
    page(`${base}/progress/:reportId`, 'routes/progress-report.tsx', `${name}-progress-report`),
    page(`${base}/building/:buildingId`, 'routes/building.tsx', `${name}-building`),
    page(`${base}/building/:buildingId/section/:sectionId`, 'routes/section.tsx', `${name}-section`),
    page(`${base}/building/:buildingId/section/:sectionId/floor/:floorId`, 'routes/floor.tsx', `${name}-floor`),
  ];
  const site = layout('routes/_site.tsx', { id: id('site') }, [
    index('routes/home.tsx', { id: id('home') }),
    page('projects', 'routes/projects.tsx', 'projects'),
    ...catalogue('projects/:id', 'project'),
    ...catalogue('shared-projects/:sharedProjectsId', 'shared-project'),
    page('filter', 'routes/filter.tsx', 'filter'),
    page('filter/:slug', 'routes/filter-seo.tsx', 'seo-filter'),
    page('selection', 'routes/selection.tsx', 'selection'),
    // The currency switch's form (ADR 037): sets the `currency` cookie and goes back.
    page('currency', 'routes/currency.tsx', 'currency'),
    page('promo', 'routes/publications.tsx', 'promo'),
    page('promo/:id', 'routes/publication.tsx', 'promo-item'),
    page('news', 'routes/publications.tsx', 'news'),
    page('news/:slug', 'routes/publication.tsx', 'news-item'),
    page('contacts', 'routes/contacts.tsx', 'contacts'),
    page('search', 'routes/search.tsx', 'search'),
    page('auctions', 'routes/auctions.tsx', 'auctions'),
    page('auctions/:id', 'routes/auction.tsx', 'auction'),
    page('alerts/confirm', 'routes/alert-link.tsx', 'alert-confirm'),
    page('alerts/unsubscribe', 'routes/alert-link.tsx', 'alert-unsubscribe'),
    page('ui-kit/base_three', 'routes/ui-kit.tsx', 'ui-kit'),
    page('_error/:status', 'routes/error-preview.tsx', 'error-preview'),
    page('forms/:form', 'routes/form.tsx', 'form'),
    page(':projectShortSlug/:lotType/:number', 'routes/lot.tsx', 'lot'),
    page(':projectShortSlug/:lotType/:number/reserve', 'routes/reserve.tsx', 'reserve'),
    // The buyer's deal page (issue #39): its token is never logged (core/privacy.ts hideDealToken).
    page('deal/:token', 'routes/deal.tsx', 'deal'),
    // Under a prefix, a two-segment slug (`/en/purchase/mortgage`) must outrank the unprefixed tree's lot
    // route, which would otherwise read it as project "en", type "purchase".
    ...(prefix ? [page(':slugHead/:slugTail', 'routes/slug-page.tsx', 'slug-2')] : []),
    page('*', 'routes/slug-page.tsx', 'slug'),
  ]);
  // `/_icons` has its own special layout: no header or footer.
  const children = [site, route('_icons', 'routes/icons.tsx', { id: id('icons') })];
  return prefix ? [route(prefix, 'routes/_locale.tsx', { id: id('locale') }, children)] : children;
}

/**
 * The back office (ADR 025): one address whatever the site's language strategy, its own frame (no public header or
 * footer). Its sign-in page stands alone; every other page is inside the frame, which requires a signed-in member.
 * A new section adds its route here and its line in app/components/admin/nav.ts.
 */
const admin: RouteConfigEntry[] = [
  route('admin/login', 'routes/admin/login.tsx', { id: 'admin-login' }),
  route('admin', 'routes/admin/_layout.tsx', { id: 'admin' }, [
    index('routes/admin/home.tsx', { id: 'admin-home' }),
    route('account', 'routes/admin/account.tsx', { id: 'admin-account' }),
    route('users', 'routes/admin/users.tsx', { id: 'admin-users' }),
    route('audit', 'routes/admin/audit.tsx', { id: 'admin-audit' }),
    route('leads', 'routes/admin/leads.tsx', { id: 'admin-leads' }),
    route('leads/:id', 'routes/admin/lead.tsx', { id: 'admin-lead' }),
    route('reservations', 'routes/admin/reservations.tsx', { id: 'admin-reservations' }),
    route('reservations/:id', 'routes/admin/reservation.tsx', { id: 'admin-reservation' }),
    route('crm', 'routes/admin/crm.tsx', { id: 'admin-crm' }),
    route('content', 'routes/admin/content.tsx', { id: 'admin-content' }),
    route('media', 'routes/admin/media.tsx', { id: 'admin-media' }),
    route('media/:id', 'routes/admin/media-item.tsx', { id: 'admin-media-item' }),
    route('content/:kind', 'routes/admin/content-list.tsx', { id: 'admin-content-list' }),
    route('content/:kind/:id', 'routes/admin/content-edit.tsx', { id: 'admin-content-edit' }),
    route('content/:kind/:id/preview', 'routes/admin/content-preview.tsx', { id: 'admin-content-preview' }),
  ]),
];

export default [...admin, ...localeTree(''), ...localeTree('en'), ...localeTree('zh'), ...localeTree('ru')] satisfies RouteConfig;
