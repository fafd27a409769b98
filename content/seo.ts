/**
 * The demo's SEO meta per path without the locale prefix (`seo_meta`, the back office's `seo` kind): title ≤ 60,
 * description ≤ 160 characters.
 */
import type { SeoMetaRow } from './types.ts';
import { t } from '#core/i18n/localized.ts';

export const seoMeta: SeoMetaRow[] = [
  {
    url: '/',
    title: t('Новостройки в Москве от застройщика «Северная линия»', 'New-build flats in Moscow | Severnaya Liniya Development', '莫斯科新房 | 北线开发'),
    description: t(
      'Квартиры, машино-места, кладовые и коммерческие помещения в четырёх проектах «Северной линии». Ипотека, рассрочка и trade-in.',
      'Flats, parking spaces, storage rooms and commercial premises in four Severnaya Liniya projects in Moscow. Mortgage, instalments and trade-in.',
      '北线开发莫斯科四个项目的公寓、车位、储藏室及商业物业。支持房贷、分期付款和以旧换新。',
    ),
  },
  {
    url: '/projects',
    title: t('Жилые комплексы «Северной линии» в Москве', 'Residential projects in Moscow | Severnaya Liniya', '莫斯科住宅项目 | 北线开发'),
    description: t(
      'Четыре проекта в Москве: сданный «Липовый квартал», строящиеся «Сосновый берег» и «Северные высоты», скоро — старт продаж в «Звёздном саду».',
      'Four projects: completed Linden Quarter, Pine Shore and Northern Heights under construction, and Star Garden, with sales launching soon.',
      '四个项目：已交付的“椴树街区”，在建的“松林河岸”和“北方高地”，以及即将开盘的“星光花园”。',
    ),
  },
  {
    url: '/filter',
    title: t('Квартиры и помещения в новостройках Москвы', 'Flats and premises for sale in Moscow | Severnaya Liniya', '公寓与房源筛选 | 北线开发'),
    description: t(
      'Подбор по проекту, площади, цене, этажу и сроку сдачи: квартиры, машино-места, кладовые и коммерческие помещения.',
      'Filter flats, parking spaces, storage rooms and commercial premises by project, size, price, floor and completion date.',
      '按项目、面积、价格、楼层和交付时间筛选公寓、车位、储藏室及商业物业。',
    ),
  },
  {
    url: '/promo',
    title: t('Акции и специальные предложения «Северной линии»', 'Offers and promotions | Severnaya Liniya', '优惠活动 | 北线开发'),
    description: t(
      'Скидки, субсидированная ипотека, беспроцентная рассрочка и специальные условия на квартиры, машино-места и кладовые.',
      'Discounts, subsidised mortgage rates, interest-free instalments and special terms on flats, parking spaces and storage rooms.',
      '折扣、贴息房贷、免息分期付款，以及公寓、车位和储藏室的专属购房条件。',
    ),
  },
  {
    url: '/news',
    title: t('Новости «Северной линии»', 'News | Severnaya Liniya Development', '新闻动态 | 北线开发'),
    description: t(
      'Ход строительства, старты продаж, сдача домов и жизнь наших кварталов.',
      'Construction progress, sales launches, completions and life in our neighbourhoods.',
      '施工进度、开盘信息、交付动态及社区生活。',
    ),
  },
  {
    url: '/contacts',
    title: t('Контакты офиса продаж «Северной линии»', 'Contacts | Severnaya Liniya Development', '联系我们 | 北线开发'),
    description: t(
      'Адрес, часы работы и телефоны офиса продаж в Москве. Запишитесь на встречу или закажите обратный звонок.',
      'Sales office address, opening hours and phone numbers in Moscow. Book a meeting or request a call back.',
      '莫斯科售楼处地址、营业时间及联系电话。欢迎预约到访或申请回电。',
    ),
  },
  {
    url: '/selection',
    title: t('Избранное — ваша подборка квартир', 'My selection | Severnaya Liniya', '我的收藏 | 北线开发'),
    description: t(
      'Сохранённые квартиры и помещения: сравните варианты и отправьте подборку менеджеру.',
      'The flats and premises you have saved: compare them side by side and send your selection to a sales manager.',
      '您收藏的公寓和房源：并排比较，并可一键发送给销售经理。',
    ),
  },
];
