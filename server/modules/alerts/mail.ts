import { formatRoubles } from '#core/auctions/auction.ts';
import { dropPercent } from '#core/catalogue/price-history.ts';
import type { LotCard } from '#core/catalogue/types.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { formatPercent } from '#core/i18n/percent.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import type { Locale, LocaleStrategy } from '#core/i18n/locales.ts';
import { formatMessage as fill } from '#core/i18n/message-format.ts';
import { localizePath } from '#core/i18n/routing.ts';
import type { AlertSubscription, Digest } from './service.ts';
import type { AlertTokens } from './tokens.ts';

export type AlertMail = { subject: string; text: string; headers: Record<string, string> };
export type MailSite = { origin: string; strategy: LocaleStrategy; tokens: AlertTokens };

/** The links every alert message carries: the page that confirms or unsubscribes, and RFC 8058's one-click URL. */
export function alertLinks(site: MailSite, sub: Pick<AlertSubscription, 'id' | 'locale' | 'kind' | 'query'>) {
  const locale = sub.locale as Locale;
  const page = (path: string) => `${site.origin}${localizePath(path, locale, site.strategy)}`;
  const unsubscribeToken = site.tokens.sign('unsubscribe', sub.id);
  return {
    confirm: `${page('/alerts/confirm')}?token=${site.tokens.sign('confirm', sub.id)}`,
    unsubscribe: `${page('/alerts/unsubscribe')}?token=${unsubscribeToken}`,
    oneClick: `${site.origin}/api/alerts/unsubscribe/?token=${unsubscribeToken}`,
    search: sub.kind === 'search' ? `${page('/filter')}${sub.query ? `?${sub.query}` : ''}` : null,
    lot: (lot: LotCard) => page(lot.url),
  };
}

function lotName(t: Messages['alerts'], lot: LotCard, locale: Locale): string {
  const area = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : locale === 'en' ? 'en-GB' : 'ru-RU', { maximumFractionDigits: 2 }).format(lot.area);
  return fill(t.mail.lot, { project: lot.projectName, number: lot.number, area });
}

/** Headers of every alert message: one-click unsubscribe (RFC 2369, RFC 8058) and a stable Message-ID. */
function headersOf(links: ReturnType<typeof alertLinks>): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Auto-Submitted': 'auto-generated',
  };
}

/** The double opt-in message: what was asked for, the link that confirms, and how to say no. */
export function confirmMail(site: MailSite, sub: AlertSubscription, lot: LotCard | null): AlertMail {
  const locale = sub.locale as Locale;
  const t = CATALOGS[locale].alerts.mail;
  const links = alertLinks(site, sub);
  const what =
    sub.kind === 'search'
      ? fill(t.confirmSearch, { url: links.search ?? '' })
      : lot
        ? fill(t.confirmLot, { lot: lotName(CATALOGS[locale].alerts, lot, locale), url: links.lot(lot) })
        : '';
  const text = [t.confirmIntro, what, '', t.confirmAction, links.confirm, '', t.confirmIgnore, '', fill(t.unsubscribe, { url: links.unsubscribe })].join('\n');
  return { subject: t.confirmSubject, text, headers: headersOf(links) };
}

/** A digest: new lots, price drops (the site's figures: roubles and the drop in whole percent), booked or sold. */
export function digestMail(site: MailSite, sub: AlertSubscription, digest: Digest): AlertMail {
  const locale = sub.locale as Locale;
  const all = CATALOGS[locale].alerts;
  const t = all.mail;
  const links = alertLinks(site, sub);
  const lines: string[] = [t.digestIntro];
  if (digest.fresh.length) {
    lines.push('', t.fresh);
    for (const f of digest.fresh)
      lines.push(`• ${fill(t.freshLine, { lot: lotName(all, f.lot, locale), price: formatRoubles(f.price, locale), url: links.lot(f.lot) })}`);
  }
  if (digest.drops.length) {
    lines.push('', t.drops);
    for (const d of digest.drops)
      lines.push(
        `• ${fill(t.drop, {
          lot: lotName(all, d.lot, locale),
          price: formatRoubles(d.price, locale),
          previous: formatRoubles(d.previousPrice, locale),
          percent: formatPercent(dropPercent(d.previousPrice, d.price), locale),
          url: links.lot(d.lot),
        })}`,
      );
  }
  if (digest.gone.length) {
    lines.push('', t.gone);
    for (const g of digest.gone) lines.push(`• ${fill(g.status === 'sold' ? t.sold : t.booked, { lot: lotName(all, g.lot, locale), url: links.lot(g.lot) })}`);
  }
  if (links.search) lines.push('', fill(t.search, { url: links.search }));
  lines.push('', fill(t.unsubscribe, { url: links.unsubscribe }));
  return { subject: t.digestSubject, text: lines.join('\n'), headers: headersOf(links) };
}
