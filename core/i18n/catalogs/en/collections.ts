import type { Messages as RuMessages } from '../ru/index.ts';

/** Collections of lots, the landings for foreign buyers and the pages for agents and partners. */
const collections: Pick<RuMessages, 'collections' | 'landings' | 'cooperation'> = {
  collections: {
    count: 'On offer: {count}',
    inFilter: 'Open in the filter',
    lots: 'Flats in this collection',
    empty: 'No flats of this collection are on offer right now. See the others in the filter, or leave a request and we will find similar ones.',
    homeTitle: 'Collections of flats',
    homeLead: 'Ready to move in, finished, for a family: the numbers change as flats are sold.',
    open: 'See the collection “{title}”',
  },
  landings: {
    call: 'Ask for a call back',
    noManagerTitle: 'A manager calls you back',
    noManagerText: 'Leave your number and a manager calls you back during office hours. {speaks}',
    messengers: 'Or write to us',
    stepsLabel: 'Steps of the purchase',
    guidanceTitle: 'Please note',
    guidanceSections: 'Paying, signing and taxes',
    faq: 'Questions and answers',
    link: 'Buying from abroad',
    linkForeign: 'For foreign buyers ({language})',
    linkLead: 'How a foreign buyer purchases a flat in Moscow: the steps, paying, signing and taxes.',
    read: 'How to buy from abroad',
  },
  cooperation: {
    title: 'Work with us',
    agents: 'For agents and brokers',
    partners: 'For partners',
    brokerTour: 'Book a broker tour',
    partnerMeeting: 'Book a meeting',
  },
};
export default collections;
