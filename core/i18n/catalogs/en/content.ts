import type { Messages } from '../ru/index.ts';

/** Promotions, news and press mentions (/promo, /news). */
export default {
  promo: {
    title: 'Promotions',
    lead: 'Discounts, gifts and special purchase terms in Severnaya Liniya projects.',
    metaDescription: 'Current Severnaya Liniya offers: mortgages, instalment plans, discounts on parking and storage rooms.',
    empty: 'No promotions match these choices right now',
    related: 'More promotions',
    all: 'All promotions',
    request: 'Ask about the terms',
    until: 'Until {date}',
    ended: 'This offer has ended',
    endedText: 'This offer ended on {date}. A manager will tell you about the offers available now.',
    current: 'Current offers',
  },
  news: {
    title: 'News',
    lead: 'How our buildings are going up and what is new in our neighbourhoods.',
    metaDescription: 'Severnaya Liniya news: construction progress, sales launches and neighbourhood amenities.',
    empty: 'No news match these choices',
    related: 'More news',
    all: 'All news',
    request: 'Ask a manager',
    press: 'In the press',
    pressLead: 'What the media write about Severnaya Liniya.',
  },
  publications: {
    filters: 'Filters',
    project: 'Project',
    realtyTypes: 'Property type',
    year: 'Year',
    found: 'Found: {count}',
    published: 'Published {date}',
    readMore: 'Read more',
    source: 'Source: {name}',
    newTab: 'opens in a new tab',
    showLots: 'Find a unit',
    projectPage: 'About the project',
    types: { flat: 'Flats', parking: 'Parking', pantry: 'Storage rooms', commercial: 'Commercial' },
  },
} satisfies Pick<Messages, 'promo' | 'news' | 'publications'>;
