/**
 * Every kind's table binding (../binding.ts), one file each beside this one, one line each here. A kind of
 * core/admin/kinds/ without its binding here does not compile (docs/guides/add-an-admin-kind.md).
 */
import type { ContentKindName } from '#core/admin/kinds.ts';
import type { Binding } from '../binding.ts';
import { auctions } from './auctions.ts';
import { banks } from './banks.ts';
import { benefits } from './benefits.ts';
import { collections } from './collections.ts';
import { flags } from './flags.ts';
import { home } from './home.ts';
import { landings } from './landings.ts';
import { massmedia } from './massmedia.ts';
import { masterplans } from './masterplans.ts';
import { menus } from './menus.ts';
import { neighbours } from './neighbours.ts';
import { news } from './news.ts';
import { offices } from './offices.ts';
import { pages } from './pages.ts';
import { partners } from './partners.ts';
import { programmes } from './programmes.ts';
import { promo } from './promo.ts';
import { redirects } from './redirects.ts';
import { reservations } from './reservations.ts';
import { seo } from './seo.ts';
import { settings } from './settings.ts';
import { slides } from './slides.ts';
import { stories } from './stories.ts';
import { subscriptions } from './subscriptions.ts';
import { windowviews } from './windowviews.ts';

export const BINDINGS: Record<ContentKindName, Binding> = {
  news,
  promo,
  massmedia,
  pages,
  collections,
  landings,
  offices,
  redirects,
  seo,
  flags,
  programmes,
  banks,
  home,
  slides,
  partners,
  stories,
  benefits,
  menus,
  subscriptions,
  settings,
  reservations,
  auctions,
  masterplans,
  neighbours,
  windowviews,
};
