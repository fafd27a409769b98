import type { Localized } from '#core/schemas/localized.ts';
import { t } from '#core/i18n/localized.ts';

/** Landing pages of saved lot filters (/filter/{slug}): what people search for, with a short text. */
type SeoFilterSeed = {
  slug: string;
  query: string;
  title: Localized;
  h1: Localized;
  description: Localized;
  text: { ru: string[]; en: string[]; zh: string[] };
};

export const SEO_FILTERS: SeoFilterSeed[] = [
  {
    slug: 'studii',
    query: 'type=flat&rooms=0',
    title: t('Квартиры-студии в новостройках Москвы', 'Studio flats in new buildings in Moscow', '莫斯科新楼盘开间公寓'),
    h1: t('Квартиры-студии', 'Studio flats', '开间公寓'),
    description: t(
      'Студии от застройщика «Северная линия»: цены, планировки, ипотека.',
      'Studios from Severnaya Liniya: prices, plans and mortgages.',
      '北线开发开间公寓：价格、户型与房贷。',
    ),
    text: {
      ru: ['Студия — самый доступный способ купить своё жильё в Москве. Во всех наших проектах есть студии с кухонной зоной у окна.'],
      en: ['A studio is the most affordable way to own a home in Moscow. All our projects have studios with a kitchen area by the window.'],
      zh: ['开间公寓是在莫斯科拥有住房最经济的方式。我们所有项目都有厨房区靠窗的开间户型。'],
    },
  },
  {
    slug: 'dvuhkomnatnye',
    query: 'type=flat&rooms=2',
    title: t('Двухкомнатные квартиры в новостройках', 'Two-room flats in new buildings', '新楼盘两居室'),
    h1: t('Двухкомнатные квартиры', 'Two-room flats', '两居室公寓'),
    description: t(
      'Классические двухкомнатные и евродвушки: цены и планировки.',
      'Classic two-room flats and euro layouts: prices and plans.',
      '经典两居室与欧式两居：价格与户型。',
    ),
    text: {
      ru: ['Евродвушка — спальня и кухня-гостиная; классическая двушка — две комнаты и отдельная кухня. Сравните обе в фильтре.'],
      en: ['A euro two-room flat has a bedroom and a kitchen-living room; a classic one has two rooms and a separate kitchen. Compare both in the filter.'],
      zh: ['欧式两居为一间卧室加开放式厨房客厅；经典两居为两个房间和独立厨房。可在筛选中比较。'],
    },
  },
  {
    slug: 'so-skidkoy',
    query: 'discount=true',
    title: t('Квартиры со скидкой от застройщика', 'Flats on offer from the developer', '开发商特价房源'),
    h1: t('Предложения со скидкой', 'Special offers', '特价房源'),
    description: t(
      'Квартиры, машино-места и кладовые по сниженной цене.',
      'Flats, parking spaces and storage rooms at reduced prices.',
      '降价的公寓、车位和储藏室。',
    ),
    text: {
      ru: ['Скидка действует до конца месяца или до бронирования лота.'],
      en: ['Offers last until the end of the month or until the lot is booked.'],
      zh: ['优惠截至月底或房源被预订为止。'],
    },
  },
  {
    slug: 'gotovye',
    query: 'type=flat&completion=done',
    title: t('Готовые квартиры с отделкой', 'Ready flats with a finish', '精装现房'),
    h1: t('Квартиры в сданных домах', 'Flats in completed buildings', '已交付楼栋的公寓'),
    description: t(
      'Ключи в день сделки: квартиры в сданных домах.',
      'Keys on the day of purchase: flats in completed buildings.',
      '签约当天交钥匙：已交付楼栋的公寓。',
    ),
    text: {
      ru: ['Въезжайте сразу: дом сдан, квартиры с чистовой отделкой.'],
      en: ['Move in straight away: the building is complete and the flats are finished.'],
      zh: ['即刻入住：楼栋已交付，公寓精装修。'],
    },
  },
  {
    slug: 'mashino-mesta',
    query: 'type=parking',
    title: t('Машино-места в подземном паркинге', 'Underground parking spaces', '地下停车位'),
    h1: t('Машино-места', 'Parking spaces', '车位'),
    description: t(
      'Машино-места в подземных паркингах с лифтом до квартиры.',
      'Spaces in underground car parks with lifts to the flats.',
      '地下停车场车位，电梯直达住户楼层。',
    ),
    text: {
      ru: ['Часть мест оборудована зарядкой для электромобиля.'],
      en: ['Some spaces come with an electric-car charger.'],
      zh: ['部分车位配有电动汽车充电桩。'],
    },
  },
  {
    slug: 'kladovye',
    query: 'type=pantry',
    title: t('Кладовые в жилых комплексах', 'Storage rooms', '储藏室'),
    h1: t('Кладовые', 'Storage rooms', '储藏室'),
    description: t('Кладовые от 3 м² на подземных этажах.', 'Storage rooms from 3 m² on the underground floors.', '地下楼层3平方米起的储藏室。'),
    text: {
      ru: ['Шины, велосипеды и сезонные вещи — вне квартиры.'],
      en: ['Tyres, bikes and seasonal things, out of the flat.'],
      zh: ['轮胎、自行车和季节性物品，不再占用室内空间。'],
    },
  },
  {
    slug: 'kommercheskaya',
    query: 'type=commercial',
    title: t('Коммерческие помещения на первых этажах', 'Ground-floor commercial premises', '首层商业空间'),
    h1: t('Коммерческая недвижимость', 'Commercial property', '商业地产'),
    description: t(
      'Помещения под магазин, кафе и офис с отдельным входом.',
      'Premises for shops, cafés and offices with their own entrance.',
      '带独立入口的商铺、咖啡馆和办公空间。',
    ),
    text: {
      ru: ['Помещения с витринными окнами и отдельным входом с улицы.'],
      en: ['Premises with shop windows and their own street entrance.'],
      zh: ['带橱窗和临街独立入口的商业空间。'],
    },
  },
];
