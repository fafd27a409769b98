import type { Messages } from '../ru/index.ts';

export default {
  title: 'Sun and views',
  lead: "Hours of direct sun on the flat's windows on three days of the year, with the shade of the quarter's buildings and the neighbouring ones.",
  seasons: { march: '21 March', june: '22 June', december: '22 December' },
  duration: '{h} h {m} min',
  durationHours: '{h} h',
  durationMinutes: '{m} min',
  noSun: 'no direct sun',
  chartLabel: '{date}: direct sun on the windows for {duration}',
  arc: "The sun's path over the day",
  facing: 'Sun in front of the windows',
  hours: 'Time of day',
  norm: {
    met: 'Meets the Russian insolation norm (SanPiN 1.2.3685-21)',
    notMet: 'Does not meet the Russian insolation norm (SanPiN 1.2.3685-21)',
    hints: {
      north:
        'The norm of the northern zone (north of 58° N): at least 2.5 hours of continuous sun in one living room (two rooms in flats of four rooms or more) from 22 April to 22 August; broken sun counts with half an hour more.',
      central:
        'The norm: at least 2 hours of continuous sun in one living room (two rooms in flats of four rooms or more) from 22 April to 22 August; broken sun counts with half an hour more.',
      south:
        'The norm of the southern zone (south of 48° N): at least 1.5 hours of continuous sun in one living room (two rooms in flats of four rooms or more) from 22 February to 22 October; broken sun counts with half an hour more.',
    },
  },
  views: {
    title: 'Views from the windows',
    side: 'Windows facing {side}',
    tags: { courtyard: 'courtyard', park: 'park', water: 'water', street: 'street', city: 'city' },
  },
  sides: { north: 'north', east: 'east', south: 'south', west: 'west' },
  layer: {
    show: 'Show the sun',
    hide: 'Hide the sun',
    legend: 'Sun on 21 March',
    under: { one: 'under {count} hour', few: 'under {count} hours', many: 'under {count} hours', other: 'under {count} hours' },
    between: { one: '{from} to {count} hour', few: '{from} to {count} hours', many: '{from} to {count} hours', other: '{from} to {count} hours' },
    atLeast: { one: '{count} hour or more', few: '{count} hours or more', many: '{count} hours or more', other: '{count} hours or more' },
    noFigures: 'no sun figures',
    cell: 'Sun on 21 March: {duration}',
    normMet: 'meets the insolation norm',
    normNotMet: 'does not meet the insolation norm',
  },
} satisfies Messages['insolation'];
