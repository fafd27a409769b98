import type { Messages } from '../ru/index.ts';

/** The home page's main slider, project selector, partners and commercial news. */
export default {
  slider: {
    label: 'Highlights',
    carousel: 'carousel',
    slide: 'slide',
    slideOf: '{index} of {count}',
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Stop the slides',
    play: 'Play the slides',
    goTo: 'Slide {index}: {title}',
    project: 'Project {name}',
  },
  selector: {
    title: 'Find a flat',
    lead: 'Choose the project, rooms and budget: the number of flats updates at once, and the filter has the rest.',
    project: 'Project',
    anyProject: 'All projects',
    rooms: 'Rooms',
    budget: 'Budget',
    anyBudget: 'Any budget',
    upTo: 'up to {value}',
    option: '{label} — {count}',
    found: 'Matching flats: {count}',
    submit: 'Show the flats',
  },
  partners: {
    title: 'Partners',
    banks: 'Partner banks',
    others: 'We work with',
    kind: {
      bank: 'Partner bank',
      architect: 'Architects',
      contractor: 'General contractor',
      agency: 'Estate agency',
      management: 'Management company',
    },
  },
  commercial: {
    title: 'Commercial property news',
    all: 'All commercial news',
  },
} satisfies Messages['homeBlocks'];
