import type { Messages } from '../ru/index.ts';
import alerts from './alerts.ts';
import auctions from './auctions.ts';
import catalogue from './catalogue/index.ts';
import collections from './collections.ts';
import common from './common.ts';
import content from './content.ts';
import crm from './crm.ts';
import currency from './currency.ts';
import forms from './forms.ts';
import homeBlocks from './home-blocks.ts';
import insolation from './insolation.ts';
import offices from './offices.ts';
import purchase from './purchase.ts';
import reservations from './reservations.ts';
import search from './search.ts';
import stories from './stories.ts';

const zh: Messages = {
  ...common,
  ...content,
  ...collections,
  alerts,
  auctions,
  catalogue,
  crm,
  currency,
  forms,
  homeBlocks,
  insolation,
  offices,
  purchase,
  reservations,
  search,
  ...stories,
};
export default zh;
