import type { Messages } from '../ru/index.ts';

/** Stories on phones, the benefits (a project's section and its "why this project" dialog) and a project's figures counted by the catalogue. */
export default {
  stories: {
    title: 'Stories',
    open: 'Story: {title}',
    viewer: 'Story “{title}”',
    cardOf: 'Card {index} of {count}',
    previous: 'Previous card',
    next: 'Next card',
    pause: 'Pause',
    play: 'Play',
    close: 'Close the story',
    hint: 'Tap right to go on, left to go back; hold to pause',
    loading: 'Loading the story…',
    failed: 'The story could not be loaded. Please try again.',
    retry: 'Try again',
  },
  benefits: {
    title: 'Benefits',
    open: 'Why {name}',
    dialog: 'Why {name}',
    developer: 'In all our projects',
  },
  figures: {
    buildings: { one: 'building', few: 'buildings', many: 'buildings', other: 'buildings' },
    storeys: { one: 'storey', few: 'storeys', many: 'storeys', other: 'storeys' },
    flats: { one: 'flat in the project', few: 'flats in the project', many: 'flats in the project', other: 'flats in the project' },
    parking: { one: 'parking space', few: 'parking spaces', many: 'parking spaces', other: 'parking spaces' },
    ceiling: 'ceiling height',
    completion: 'completion',
    metres: '{value} m',
    range: '{from}–{to}',
  },
} satisfies Pick<Messages, 'stories' | 'benefits' | 'figures'>;
