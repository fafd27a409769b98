/**
 * Benefits in Russian, English and Chinese: each project's own (once its advantages in the catalogue's content, moved
 * here so one table says them: the project page's section, its "why this project" dialog, the /api/project/{id}/about/
 * call and the presentation PDF), then the developer's, said with every project. Seed data only: the database keeps
 * them (`benefits`), which running code reads.
 */
import type { BenefitIcon } from '#core/content/stories.ts';
import type { Localized } from './types.ts';
import { t } from '#core/i18n/localized.ts';

export type DemoBenefit = {
  /** The catalogue project's id; null for the developer's, said with every project. */
  project: number | null;
  icon: BenefitIcon;
  title: Localized;
  text: Localized;
  /** Where it is said; both by default. */
  inPopup?: boolean;
  onPage?: boolean;
};

/** In the order shown. */
export const benefits: DemoBenefit[] = [
  // lipovy
  {
    project: 1,
    icon: 'key',
    title: t('Готовые квартиры с отделкой', 'Finished flats, ready now', '现房精装'),
    text: t(
      'Ключи в день сделки: въезжайте без ремонта и ожидания.',
      'Keys on the day of purchase: move in without renovation or waiting.',
      '签约当天交钥匙，无需装修和等待。',
    ),
  },
  {
    project: 1,
    icon: 'tree',
    title: t('Липовая аллея', 'The linden alley', '椴树林荫道'),
    text: t(
      'Сохранили старые липы и сделали вдоль них прогулочный бульвар.',
      'We kept the old linden trees and laid a walking boulevard along them.',
      '我们保留了古老的椴树，并沿树修建了步行大道。',
    ),
  },
  {
    project: 1,
    icon: 'school',
    title: t('Школа и сад в квартале', 'School and kindergarten on site', '社区内的学校和幼儿园'),
    text: t(
      'Школа на 550 мест и детский сад на 200 мест открылись вместе с домами.',
      'A 550-pupil school and a 200-place kindergarten opened with the buildings.',
      '可容纳550名学生的学校和200个名额的幼儿园与住宅同步开放。',
    ),
  },
  // sosnovy
  {
    project: 2,
    icon: 'map-pin',
    title: t('Набережная у дома', 'A promenade at the door', '家门口的滨河步道'),
    text: t(
      '600 метров благоустроенного берега с велодорожкой и причалом для сапов.',
      '600 metres of landscaped riverbank with a cycle path and a paddle-board pier.',
      '600米景观河岸，设自行车道和桨板码头。',
    ),
  },
  {
    project: 2,
    icon: 'tree',
    title: t('Сосновый парк', 'Pine park', '松林公园'),
    text: t('Парк на 40 гектаров начинается через дорогу.', 'A 40-hectare park starts across the road.', '40公顷的公园就在马路对面。'),
  },
  {
    project: 2,
    icon: 'compass',
    title: t('Квартиры с видом на реку', 'Flats with river views', '河景公寓'),
    text: t('Из половины квартир видна Москва-река.', 'Half of the flats look out over the Moskva river.', '一半的公寓可以看到莫斯科河。'),
  },
  // vysoty
  {
    project: 3,
    icon: 'building',
    title: t('Виды на город', 'City views', '城市景观'),
    text: t(
      'С верхних этажей виден весь центр — от Останкинской башни до Сити.',
      'From the upper floors you see the whole centre, from the Ostankino tower to the City.',
      '从高层可俯瞰整个市中心，从奥斯坦金诺电视塔到莫斯科城。',
    ),
  },
  {
    project: 3,
    icon: 'school',
    title: t('Школа в квартале', 'A school on site', '社区内的学校'),
    text: t(
      'Школа на 800 мест с бассейном строится вместе с первой башней.',
      'An 800-pupil school with a pool is being built with the first tower.',
      '可容纳800名学生、带游泳池的学校与第一栋塔楼同步建设。',
    ),
  },
  {
    project: 3,
    icon: 'check',
    title: t('Отделка и мебель', 'Finish and furniture', '精装与家具'),
    text: t(
      'Квартиры с чистовой отделкой, часть — с мебелью и техникой.',
      'Flats with a full finish, some with furniture and appliances.',
      '公寓均为精装交付，部分配有家具和家电。',
    ),
  },
  // zvezdny
  {
    project: 4,
    icon: 'tree',
    title: t('Сады на крышах', 'Roof gardens', '屋顶花园'),
    text: t(
      'На крышах обоих домов — сады для жителей с видом на бульвар.',
      'Both roofs are residents’ gardens overlooking the boulevard.',
      '两栋楼的屋顶均为住户花园，可俯瞰林荫大道。',
    ),
  },
  {
    project: 4,
    icon: 'family',
    title: t('Детский сад во дворе', 'Kindergarten in the courtyard', '庭院内的幼儿园'),
    text: t(
      'Сад на 150 мест откроется вместе с первым домом.',
      'A 150-place kindergarten opens with the first building.',
      '可容纳150名儿童的幼儿园将与第一栋楼同步开放。',
    ),
  },
  // The developer's, with every project.
  {
    project: null,
    icon: 'calendar',
    title: t('Сдаём дома в срок', 'Homes delivered on time', '按期交付'),
    text: t(
      'Каждый наш дом сдан в срок, указанный в договоре: ни одного переноса.',
      'Every one of our buildings was completed by the date in its contract, with no delays.',
      '我们的每一栋楼都按合同约定日期交付，从未延期。',
    ),
  },
  {
    project: null,
    icon: 'check',
    title: t('Приёмка с инженером', 'Hand-over with an engineer', '工程师陪同验房'),
    text: t(
      'Квартиру принимаете вместе с нашим инженером: замечания устраняем до подписания акта.',
      'You inspect the flat with our engineer; anything you note is fixed before you sign for it.',
      '由我们的工程师陪同验房，签署交接书前完成所有整改。',
    ),
  },
  {
    project: null,
    icon: 'percent',
    title: t('Ипотека и рассрочка', 'Mortgage and instalments', '按揭与分期'),
    text: t(
      'Программы банков-партнёров и рассрочка от застройщика: менеджер подберёт и оформит.',
      'Partner banks’ programmes and the developer’s own instalments: a manager chooses and arranges one with you.',
      '合作银行按揭方案及开发商分期付款：客户经理为您挑选并办理。',
    ),
    onPage: false,
  },
  {
    project: null,
    icon: 'swap',
    title: t('Trade-in', 'Trade-in', '以旧换新'),
    text: t(
      'Зачтём вашу квартиру в счёт новой: оценка и продажа — наша забота.',
      'We take your current flat towards the new one: we value it and sell it for you.',
      '您的旧房可抵扣新房房款，评估与出售由我们负责。',
    ),
    onPage: false,
  },
];
