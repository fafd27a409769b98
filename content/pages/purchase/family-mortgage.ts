import type { PageContent } from '../../types.ts';
import { t } from '#core/i18n/localized.ts';

export const familyMortgage: PageContent = {
  slug: 'purchase/family-mortgage',
  template: 'text',
  title: t('Семейная ипотека', 'Family mortgage', '家庭房贷'),
  description: t(
    'Семейная ипотека на квартиры в строящихся домах «Северной линии»: кто может воспользоваться программой и как подать заявку.',
    'Family mortgage for flats in Severnaya Liniya buildings under construction: who is eligible and how to apply.',
    '北线开发在建住宅适用家庭房贷：哪些家庭符合条件，以及如何申请。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Семейная ипотека — государственная программа льготного кредитования для семей с детьми. Она распространяется на квартиры в новостройках, поэтому подходит для всех наших строящихся проектов.',
      },
      { type: 'h2', text: 'Кто может воспользоваться' },
      {
        type: 'ul',
        items: [
          'Семьи с ребёнком, которому ещё не исполнилось шесть лет',
          'Семьи с двумя и более несовершеннолетними детьми',
          'Семьи, воспитывающие ребёнка с инвалидностью',
        ],
      },
      {
        type: 'p',
        text: 'Условия программы устанавливает Правительство Российской Федерации, и они могут меняться. Ипотечный специалист проверит, подходите ли вы под актуальные требования, ещё до подачи заявки в банк.',
      },
      { type: 'h2', text: 'Почему наши кварталы подходят семьям' },
      {
        type: 'p',
        text: 'Детский сад и школа — в нескольких минутах от подъезда, дворы без машин, площадки для детей разного возраста, колясочные на первых этажах и кладовые для велосипедов и санок.',
      },
      { type: 'button', text: 'Выбрать квартиру для семьи', href: '/filter' },
    ],
    en: [
      {
        type: 'p',
        text: 'The family mortgage is a Russian state programme of subsidised loans for families with children. It applies to flats in new buildings, so it can be used in all our projects under construction.',
      },
      { type: 'h2', text: 'Who is eligible' },
      {
        type: 'ul',
        items: ['Families with a child under six', 'Families with two or more children under 18', 'Families raising a child with a disability'],
      },
      {
        type: 'p',
        text: 'The programme terms are set by the Russian Government and may change. Our mortgage specialist will check that you meet the current requirements before your application goes to the bank.',
      },
      { type: 'h2', text: 'Why our neighbourhoods suit families' },
      {
        type: 'p',
        text: 'A kindergarten and a school a few minutes from your door, car-free courtyards, playgrounds for children of all ages, pram rooms on the ground floor and storage rooms for bikes and sledges.',
      },
      { type: 'button', text: 'Find a family flat', href: '/filter' },
    ],
    zh: [
      {
        type: 'p',
        text: '家庭房贷是俄罗斯政府面向有子女家庭推出的优惠贷款计划，适用于新建住宅，因此我们所有在建项目均可使用。',
      },
      { type: 'h2', text: '适用对象' },
      {
        type: 'ul',
        items: ['有未满六周岁子女的家庭', '有两个及以上未成年子女的家庭', '抚养残疾子女的家庭'],
      },
      {
        type: 'p',
        text: '该计划的条件由俄罗斯联邦政府制定，可能有所调整。在向银行提交申请之前，我们的房贷专员会核实您是否符合最新要求。',
      },
      { type: 'h2', text: '为什么我们的社区适合家庭居住' },
      {
        type: 'p',
        text: '幼儿园和学校距家门口仅几分钟路程，庭院无车通行，游乐场适合各年龄段的孩子，一楼设有婴儿车存放间，储藏室可存放自行车和雪橇。',
      },
      { type: 'button', text: '挑选家庭公寓', href: '/filter' },
    ],
  },
};
