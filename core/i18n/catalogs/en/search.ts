import type { Messages } from '../ru/index.ts';

/** The site search: the footer's field and the results page (/search). */
export default {
  label: 'Search the site',
  placeholder: 'Project, unit no., news',
  submit: 'Search',
  title: 'Search',
  titleQuery: 'Search: {query}',
  hint: 'Type a project’s name, the number of a flat or unit (for example, 22), or words from the title of a page or a news item.',
  short: {
    one: 'The query is too short: type at least {count} character or a unit number.',
    few: 'The query is too short: type at least {count} characters or a unit number.',
    many: 'The query is too short: type at least {count} characters or a unit number.',
    other: 'The query is too short: type at least {count} characters or a unit number.',
  },
  long: {
    one: 'The query is too long: at most {count} character.',
    few: 'The query is too long: at most {count} characters.',
    many: 'The query is too long: at most {count} characters.',
    other: 'The query is too long: at most {count} characters.',
  },
  none: 'Nothing found for “{query}”. Check the unit number or try another spelling of the project’s name.',
  found: {
    one: '{count} result for “{query}”',
    few: '{count} results for “{query}”',
    many: '{count} results for “{query}”',
    other: '{count} results for “{query}”',
  },
  limited: {
    one: 'Showing the first {shown} of {count} result. Narrow the search: add a project’s name or the kind of unit.',
    few: 'Showing the first {shown} of {count} results. Narrow the search: add a project’s name or the kind of unit.',
    many: 'Showing the first {shown} of {count} results. Narrow the search: add a project’s name or the kind of unit.',
    other: 'Showing the first {shown} of {count} results. Narrow the search: add a project’s name or the kind of unit.',
  },
  groups: { projects: 'Projects', lots: 'Flats and units', pages: 'Pages, news and offers' },
  lotDetail: '{project}, {floor}',
  phrase: {
    label: 'Search homes and premises',
    filterLabel: 'Find by description',
    placeholder: '2-bedroom under 15m, finished',
    understood: 'From your search',
    ignored: 'Not understood',
    remove: 'Remove “{text}” from the search',
    reason: {
      unknown: 'the filter does not know these words',
      rates: 'no current Bank of Russia rate',
      unsupported: 'the filter has no such option',
    },
    siteSearch: 'Search the whole site for “{text}”',
    lotsLink: 'Find homes and premises: {criteria}',
  },
} satisfies Messages['search'];
