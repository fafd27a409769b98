import type { Locale, LocaleStrategy } from '#core/i18n/locales.ts';
import { localizePath } from '#core/i18n/routing.ts';
import { formatDate } from '#core/i18n/dates.ts';
import { catalogueFormat, type CatalogueFormat } from '#core/catalogue/format.ts';
import { loadMessages, translator, type Translate } from '#core/i18n/messages.ts';
import { formatPhone } from '#core/phone.ts';
import type { ChosenRate } from '#core/currency/rates.ts';
import type { PublicSettings } from '../content/index.ts';
import type { PdfPictures } from './kit.ts';

/** What every PDF of the site is written with: the visitor's language, the site's contacts and pictures. */
export type PdfContext = {
  locale: Locale;
  t: Translate;
  f: CatalogueFormat;
  date: string;
  settings: PublicSettings;
  /** The site's public origin (`SITE_URL`, `https://example.ru`), for links printed in the document. */
  origin: string;
  /** The absolute address of a page of the site in the document's own language (`https://example.ru/en/projects/1`). */
  pageUrl: (path: string) => string;
  pictures: PdfPictures;
  /** The currency the buyer asked prices in beside roubles (`?currency=`, ADR 037), with its rate; null: roubles only. */
  rate: ChosenRate | null;
};

export async function pdfContext(
  locale: Locale,
  settings: PublicSettings,
  site: { origin: string; strategy: LocaleStrategy },
  pictures: PdfPictures,
  now = new Date(),
  rate: ChosenRate | null = null,
): Promise<PdfContext> {
  const messages = await loadMessages(locale);
  const phones = settings.phones.map((phone) => ({ ...phone, number: formatPhone(phone.number) }));
  const t = translator(messages, locale);
  const date = formatDate(now, locale);
  const { origin, strategy } = site;
  const pageUrl = (path: string) => `${origin}${localizePath(path, locale, strategy)}`;
  return { locale, t, f: catalogueFormat(locale, t), date, settings: { ...settings, phones }, origin, pageUrl, pictures, rate };
}

/** «Prices as of 22 November 2026. For information only…»: the date a printed price was true on, and what the paper is not. */
export function asOfNote(ctx: PdfContext): string {
  const asOf = ctx.t('catalogue.pdf.asOf', { date: ctx.date });
  return `${asOf}${/[.。]$/.test(asOf) ? '' : ctx.locale === 'zh' ? '。' : '.'} ${ctx.t('catalogue.pdf.disclaimer')}`;
}
