import type { Location, MetaDescriptor } from 'react-router';
import { LOCALES, LOCALE_ENTRIES, DEFAULT_LOCALE } from '#core/i18n/locales.ts';
import { localizePath, splitLocalePath } from '#core/i18n/routing.ts';
import type { PageMeta } from '#server/modules/content/seo.ts';
import { mergeMessages, translate } from '#core/i18n/messages.ts';
import { SHARE_IMAGE_SIZE } from '#core/image/share.ts';
import type { RootData } from './root-data.ts';

type Match = { id: string; loaderData: unknown } | undefined;

export type MetaInput = { matches: readonly Match[]; location: Location; error?: unknown };

/**
 * The head of every page: title and description (the SEO table's values win over the page's own, spec §7
 * `/api/seo/get_page_meta/`), canonical link, hreflang alternates for each language, Open Graph and the Twitter card.
 * The shared picture is the page's own (`image`: a project's render, a lot's plan, a publication's picture), else the
 * site's (the `_site` layout's); each an absolute address through the image proxy at 1200×630 that a loader made
 * (`shareImage`, app/lib/images.server.ts), so no image code comes to the browser for it.
 */
export function pageMeta(
  input: MetaInput,
  page: {
    title?: string;
    description?: string;
    noindex?: boolean;
    locales?: readonly (typeof LOCALES)[number][] | undefined;
    /** The page's own shared picture: an absolute address from its loader's `shareImage`. */
    image?: string | undefined;
  },
): MetaDescriptor[] {
  const root = input.matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  if (!root) return [{ title: page.title ?? '' }];
  const site = input.matches.find((match) => match?.id.endsWith(':site'))?.loaderData as { seo?: PageMeta; shareImage?: string } | undefined;
  const seo = site?.seo ?? {};
  const image = page.image ?? site?.shareImage;
  const messages = metaMessages(input.matches) ?? root.messages;
  // By name (a literal the build's message scan reads, ADR 027), not by property path.
  const siteName = root.settings?.companyName ?? translate(messages, 'meta.siteName');
  const title = input.error ? page.title : (seo.title ?? (page.title ? `${page.title} — ${siteName}` : siteName));
  const description = (input.error ? undefined : seo.description) ?? page.description ?? translate(messages, 'meta.defaultDescription');
  const { path } = splitLocalePath(input.location.pathname);
  const url = (locale: (typeof LOCALES)[number]) => root.siteOrigin + localizePath(path, locale, root.strategy);

  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: LOCALE_ENTRIES[root.locale].iso.replace('-', '_') },
  ];
  if (image) {
    tags.push(
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(SHARE_IMAGE_SIZE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE_SIZE.height) },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:image', content: image },
    );
  }
  if (input.error || page.noindex) {
    tags.push({ name: 'robots', content: 'noindex' });
    return tags;
  }
  tags.push({ property: 'og:url', content: url(root.locale) }, { tagName: 'link', rel: 'canonical', href: url(root.locale) });
  // A page written in some languages only (a landing) names those; x-default is the first of them.
  const locales = page.locales?.length ? page.locales : LOCALES;
  for (const locale of locales) {
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: LOCALE_ENTRIES[locale].iso.split('-')[0]!, href: url(locale) });
  }
  tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0]!) });
  return tags;
}

/**
 * Messages for `meta` functions, which run outside React context: the page's (the deepest loader data that carries
 * messages, the `_site` layout's), else the root's (ADR 027).
 */
export function metaMessages(matches: readonly Match[]): RootData['messages'] | null {
  const root = (matches.find((match) => match?.id === 'root')?.loaderData as { messages?: RootData['messages'] } | undefined)?.messages;
  for (const match of [...matches].reverse()) {
    const messages = (match?.loaderData as { messages?: RootData['messages'] } | undefined)?.messages;
    // A page's messages are those beyond the root's (app/lib/context.server.ts): read over the root's.
    if (messages) return root && messages !== root ? mergeMessages(root, messages) : messages;
  }
  return null;
}
