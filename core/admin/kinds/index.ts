/**
 * Every kind of content the back office edits, in the order its content page lists them: one file each beside this
 * one (its schema, list, key and words; core/admin/kind.ts), one line each here. The server's bindings are listed the
 * same way (server/modules/content/editor/kinds/index.ts); docs/guides/add-an-admin-kind.md is the recipe.
 */
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

export const KINDS = [
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
] as const;
