import { z } from 'zod';
import { BENEFIT_ICONS } from '#core/content/stories.ts';
import { position } from '../common-fields.ts';
import { localizedText, reference } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/**
 * A project's own benefit, or the developer's (no project) said with every project: in the "why this project" dialog,
 * on the project page, or both.
 */
export const benefits = defineKind({
  name: 'benefits',
  schema: z
    .object({
      title: localizedText({ max: 200 }),
      text: localizedText({ max: 1000, multiline: true }),
      icon: z.enum(BENEFIT_ICONS),
      projectId: reference('projects'),
      inPopup: z.boolean(),
      onPage: z.boolean(),
      published: z.boolean(),
      position,
    })
    .superRefine((benefit, ctx) => {
      if (!benefit.inPopup && !benefit.onPage) ctx.addIssue({ code: 'custom', path: ['onPage'], message: 'errors.benefitShown' });
    }),
  titleField: 'title',
  listFields: ['projectId', 'position', 'published'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Преимущества проектов',
      fields: { icon: 'Значок', inPopup: 'В окне «Почему этот проект»', onPage: 'На странице проекта' },
      options: {
        key: 'Ключ',
        'icon.family': 'Семья',
        car: 'Автомобиль',
        tree: 'Дерево',
        percent: 'Процент',
        building: 'Дом',
        'map-pin': 'Точка на карте',
        school: 'Школа',
        calendar: 'Календарь',
        wallet: 'Кошелёк',
        swap: 'Обмен',
        check: 'Галочка',
        compass: 'Компас',
      },
      errors: { benefitShown: 'Отметьте, где показывать: в окне, на странице проекта или там и там.' },
    },
    {
      kind: 'Project benefits',
      fields: { icon: 'Icon', inPopup: 'In the “Why this project” dialog', onPage: 'On the project page' },
      options: {
        key: 'Key',
        'icon.family': 'Family',
        car: 'Car',
        tree: 'Tree',
        percent: 'Percent',
        building: 'Building',
        'map-pin': 'Map pin',
        school: 'School',
        calendar: 'Calendar',
        wallet: 'Wallet',
        swap: 'Exchange',
        check: 'Tick',
        compass: 'Compass',
      },
      errors: { benefitShown: 'Choose where it is shown: in the dialog, on the project page, or both.' },
    },
  ),
});
