import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';

export const about: PageContent = {
  slug: 'about',
  template: 'text',
  title: t('О компании', 'About us', '公司简介'),
  description: t(
    '«Северная линия» — московский девелопер жилых кварталов для семей с детьми: четыре проекта, 12 корпусов и более 3 100 квартир и помещений.',
    'Severnaya Liniya is a Moscow developer of family neighbourhoods: four projects, 12 buildings and over 3,100 flats and premises.',
    '北线开发是莫斯科的家庭住宅社区开发商：共四个项目、12栋住宅楼、3100余套公寓及各类房源。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: '«Северная линия» строит в Москве жилые кварталы, в которых удобно растить детей: с дворами без машин, детскими садами и школами рядом с домом, подземными паркингами и кладовыми. Наша команда работает в девелопменте 25 лет.',
      },
      { type: 'h2', text: 'Наши принципы' },
      {
        type: 'ul',
        items: [
          'Строим по 214-ФЗ: все расчёты с покупателями проходят через счета эскроу',
          'Проектируем квартал целиком — школы, сады, скверы и магазины вводим вместе с домами',
          'Показываем реальный ход стройки: ежемесячные фотографии и сравнение визуализаций с готовыми домами',
          'Остаёмся рядом после сдачи: в каждом квартале работает сервис для жителей',
        ],
      },
      { type: 'h2', text: 'Проекты' },
      {
        type: 'p',
        text: '«Липовый квартал» сдан в 2023 году — 1 240 семей уже получили ключи. «Сосновый берег» и «Северные высоты» строятся, а в «Звёздном саду» скоро стартуют продажи: оставьте заявку, чтобы первыми узнать цены и выбрать квартиру.',
      },
      { type: 'button', text: 'Смотреть проекты', href: '/projects' },
    ],
    en: [
      {
        type: 'p',
        text: 'Severnaya Liniya builds neighbourhoods in Moscow where it is easy to raise children: car-free courtyards, kindergartens and schools next to home, underground parking and storage rooms. Our team has 25 years of experience in property development.',
      },
      { type: 'h2', text: 'Our principles' },
      {
        type: 'ul',
        items: [
          'We build under Federal Law No. 214-FZ: every buyer’s payment goes through an escrow account',
          'We design the whole neighbourhood — schools, kindergartens, squares and shops open together with the homes',
          'We show real construction progress: monthly photos and renders compared with the finished buildings',
          'We stay after completion: every neighbourhood has its own residents’ service',
        ],
      },
      { type: 'h2', text: 'Projects' },
      {
        type: 'p',
        text: 'Linden Quarter was completed in 2023, and 1,240 families already have their keys. Pine Shore and Northern Heights are under construction, and sales at Star Garden start soon — register your interest to be the first to see prices and choose a flat.',
      },
      { type: 'button', text: 'View projects', href: '/projects' },
    ],
    zh: [
      {
        type: 'p',
        text: '北线开发在莫斯科打造适合养育孩子的住宅社区：庭院无车通行，幼儿园和学校就在家附近，并配有地下车库和储藏室。我们的团队拥有25年房地产开发经验。',
      },
      { type: 'h2', text: '我们的原则' },
      {
        type: 'ul',
        items: [
          '依据第214号联邦法建设：购房人的所有款项均通过第三方托管账户支付',
          '整体规划社区：学校、幼儿园、街心花园和商店与住宅同步交付',
          '如实展示施工进度：每月更新实景照片，并将效果图与建成实景对比',
          '交付后持续服务：每个社区都设有住户服务中心',
        ],
      },
      { type: 'h2', text: '我们的项目' },
      {
        type: 'p',
        text: '“椴树街区”已于2023年交付，1240户家庭已经入住。“松林河岸”和“北方高地”正在建设中，“星光花园”即将开盘——欢迎登记意向，第一时间了解价格并挑选心仪的公寓。',
      },
      { type: 'button', text: '查看项目', href: '/projects' },
    ],
  },
};
