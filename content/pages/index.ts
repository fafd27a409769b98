/**
 * The demo's slug pages (`pages`, the back office's `pages` kind), one file each, named by its address (`/{slug}`):
 * the four policy pages first (the footer links to them), the company's, the ways to buy, then the pages for agents
 * and partners, each with its booking form under the text. Bodies are written as blocks; the seed stores them as
 * rich text.
 */
import type { PageContent } from '../types.ts';
import { about } from './about.ts';
import { agents } from './agents.ts';
import { careers } from './careers.ts';
import { dataRecipients } from './data-recipients.ts';
import { disclosure } from './disclosure.ts';
import { legal } from './legal.ts';
import { partnersPage } from './partners.ts';
import { privacy } from './privacy.ts';
import { familyMortgage } from './purchase/family-mortgage.ts';
import { installment } from './purchase/installment.ts';
import { itMortgage } from './purchase/it-mortgage.ts';
import { mortgage } from './purchase/mortgage.ts';
import { tradeIn } from './purchase/trade-in.ts';

export const pages: PageContent[] = [
  disclosure,
  legal,
  privacy,
  dataRecipients,
  about,
  careers,
  mortgage,
  familyMortgage,
  itMortgage,
  installment,
  tradeIn,
  agents,
  partnersPage,
];
