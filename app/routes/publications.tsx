import type { Route } from './+types/publications';
import type { PublicationQuery } from '#core/content/publications.ts';
import { LOT_TYPES, type LotType, type Picture } from '#core/catalogue/types.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { ChoiceChip, ChoiceGroup } from '#app/components/catalogue/choice-chip.tsx';
import { CardGrid, ChipFilterForm } from '#app/components/catalogue/chip-filter.tsx';
import { listParam } from '#app/components/catalogue/form-query.ts';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { requestLocale } from '#app/loaders/route-params.ts';
import { PublicationCard } from '#app/components/content/publication-card.tsx';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const kind: 'promo' | 'news' = args.loaderData?.kind ?? 'promo';
  return pageMeta(args, {
    title: messages ? translate(messages, `${kind}.title`) : undefined,
    description: messages ? translate(messages, `${kind}.metaDescription`) : undefined,
  });
}

/**
 * `/promo` and `/news`: one screen (spec §2), newest first, filtered by project, kind of premises and year,
 * each a comma list in the URL (a GET form without JavaScript, applied at once with it). The news list also
 * shows what the press wrote.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const locale = requestLocale(url);
  const kind: 'promo' | 'news' = splitLocalePath(url.pathname).path.startsWith('/promo') ? 'promo' : 'news';
  const params = url.searchParams;
  const query: PublicationQuery = {
    project: listParam(params, 'project'),
    realty_types: listParam(params, 'realty_types').filter((type): type is LotType => (LOT_TYPES as readonly string[]).includes(type)),
    year: listParam(params, 'year'),
  };
  const [items, specs, facets, press] = await Promise.all([
    services.publications.list(kind, locale, query),
    services.publications.specs(kind, locale),
    services.publications.facets(kind, query),
    kind === 'news' ? services.publications.list('massmedia', locale) : Promise.resolve([]),
  ]);
  const choices = (name: string) => specs.find((spec) => spec.name === name && spec.kind === 'choices');
  const options = (name: keyof PublicationQuery) => {
    const spec = choices(name);
    const counts = facets.items[name]?.choices ?? {};
    return spec && spec.kind === 'choices' ? spec.choices.map((choice) => ({ ...choice, count: counts[choice.value] ?? 0 })) : [];
  };
  const sign = pictureSigner(context, request);
  const card = <T extends { image: Picture }>(item: T): T => ({ ...item, image: sign(item.image, 'card') });
  return {
    kind,
    items: items.map(card),
    press: press.map(card),
    query,
    options: { project: options('project'), realty_types: options('realty_types'), year: options('year') },
  };
}

export default function Publications({ loaderData }: Route.ComponentProps) {
  const { kind, items, press, query, options } = loaderData;
  const t = useT();
  const base = `/${kind}`;
  const active = query.project.length + query.realty_types.length + query.year.length > 0;
  const groups = [
    { name: 'project', legend: t('publications.project'), options: options.project, label: (_value: string, label: string) => label },
    {
      name: 'realty_types',
      legend: t('publications.realtyTypes'),
      options: options.realty_types,
      label: (value: string) => t(`publications.types.${value as LotType}`),
    },
    { name: 'year', legend: t('publications.year'), options: options.year, label: (value: string) => value },
  ] as const;

  return (
    <>
      <PageHeader crumbs={[{ label: t(`${kind}.title`) }]} title={t(`${kind}.title`)} lead={t(`${kind}.lead`)} />
      <div className="container-page pt-8 pb-16 sm:pb-20">
        <ChipFilterForm
          path={base}
          active={active}
          label={t('publications.filters')}
          columns="lg:grid-cols-[1fr_auto_auto]"
          found={t('publications.found', { count: items.length })}
        >
          {groups.map((group) =>
            group.options.length > 1 || query[group.name].length ? (
              <ChoiceGroup key={group.name} legend={group.legend}>
                {group.options.map((option) => (
                  <ChoiceChip
                    key={option.value}
                    name={group.name}
                    value={option.value}
                    defaultChecked={query[group.name].includes(option.value as never)}
                    label={group.label(option.value, option.label)}
                    count={option.count}
                  />
                ))}
              </ChoiceGroup>
            ) : null,
          )}
        </ChipFilterForm>
        <CardGrid items={items} empty={t(`${kind}.empty`)} resetPath={base} render={(item, index) => <PublicationCard item={item} priority={index === 0} />} />
      </div>

      {press.length ? (
        <section aria-labelledby="press-title" className="bg-white py-14 sm:py-20">
          <div className="container-page">
            <h2 id="press-title" className="text-2xl font-extrabold tracking-tight sm:text-4xl">
              {t('news.press')}
            </h2>
            <p className="mt-2 text-lg text-muted">{t('news.pressLead')}</p>
            <CardGrid items={press} render={(item) => <PublicationCard item={item} headingLevel={3} />} />
          </div>
        </section>
      ) : null}

      <SubscriptionBlock />
    </>
  );
}
