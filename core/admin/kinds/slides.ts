import { z } from 'zod';
import { siteLink } from '../common-fields.ts';
import { imageRef, localizedText, reference } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/** The home page's main slider (`home_slides`): shown by position, published ones only. */
export const slides = defineKind({
  name: 'slides',
  schema: z.object({
    title: localizedText({ max: 200 }),
    text: localizedText({ max: 600, multiline: true }),
    linkLabel: localizedText({ max: 60 }),
    url: siteLink,
    projectId: reference('projects'),
    image: imageRef(),
    imageAlt: localizedText({ max: 300 }),
    published: z.boolean(),
    position: z.number().int().min(0).max(1000),
  }),
  titleField: 'title',
  listFields: ['position', 'published'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords({ kind: 'Главная: слайдер' }, { kind: 'Home page: slider' }),
});
