/**
 * The home page's stories on phones, in Russian, English and Chinese: a ring each, with a few cards. Seed data only:
 * the database keeps them (`stories`, `story_cards`), which running code reads. The pictures are the demo's own,
 * drawn at first start (core/image/demo-media.ts, the catalogue's covers).
 */
import type { LotType } from '#core/catalogue/types.ts';
import type { RareFormat } from '#core/content/stories.ts';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE } from '#core/image/demo-media.ts';
import type { Localized } from './types.ts';
import { t } from '#core/i18n/localized.ts';

type DemoPicture = { src: string; width: number; height: number; alt: Localized };
export type DemoStoryCard = { title: Localized; text: Localized; image?: DemoPicture; link?: { url: string; label: Localized } };
export type DemoStory = {
  slug: string;
  title: Localized;
  lotType: LotType | null;
  rareFormat: RareFormat | null;
  /** Where the ring leads without JavaScript. */
  url: string;
  cover: DemoPicture;
  cards: DemoStoryCard[];
};

const demo = (name: keyof typeof DEMO_MEDIA, alt: Localized): DemoPicture => ({ src: DEMO_MEDIA[name], ...DEMO_MEDIA_SIZE, alt });
const cover = (slug: string, alt: Localized): DemoPicture => ({ src: `catalogue/covers/${slug}.png`, width: 1600, height: 1000, alt });

const SEE_FLATS = t('Смотреть квартиры', 'See the flats', '查看公寓');

/** In the order shown. */
export const stories: DemoStory[] = [
  {
    slug: 'penthouse',
    title: t('Пентхаусы', 'Penthouses', '顶层公寓'),
    lotType: 'flat',
    rareFormat: 'penthouse',
    url: '/filter?project=3&type=flat&floor_min=25',
    cover: demo('photoDusk', t('Башня «Северных высот» на закате', 'A Northern Heights tower at dusk', '黄昏中的北方高地塔楼')),
    cards: [
      {
        title: t('Город под ногами', 'The city at your feet', '城市尽收眼底'),
        text: t(
          'Квартиры на верхних этажах башен «Северных высот»: панорамные окна и виды на весь город.',
          'Flats on the top floors of the Northern Heights towers: panoramic windows and views over the whole city.',
          '北方高地塔楼顶层公寓：全景落地窗，俯瞰整座城市。',
        ),
        image: demo('photoDusk', t('Башня на закате', 'The tower at dusk', '黄昏中的塔楼')),
      },
      {
        title: t('Потолки выше', 'Higher ceilings', '更高的层高'),
        text: t(
          'На последнем этаже самых высоких башен потолки на 30 см выше, чем на остальных.',
          'On the top floor of the tallest towers the ceilings are 30 cm higher than on the others.',
          '最高塔楼的顶层，层高比其他楼层高出30厘米。',
        ),
      },
      {
        title: t('С отделкой и мебелью', 'Finished and furnished', '精装带家具'),
        text: t(
          'Въезжайте сразу: чистовая отделка, кухня и встроенные шкафы уже в квартире.',
          'Move straight in: the finish, the kitchen and the built-in wardrobes are already there.',
          '拎包入住：精装修、厨房和嵌入式衣柜一应俱全。',
        ),
        image: demo('interior', t('Гостиная с отделкой и мебелью', 'A finished, furnished living room', '精装带家具的客厅')),
        link: { url: '/filter?project=3&type=flat&floor_min=25', label: SEE_FLATS },
      },
    ],
  },
  {
    slug: 'terrace',
    title: t('С террасой', 'With a terrace', '带露台'),
    lotType: 'flat',
    rareFormat: 'terrace',
    url: '/projects/2',
    cover: demo('renderDay', t('Дом с террасами на верхнем этаже', 'A building with terraces on its top floor', '顶层带露台的住宅楼')),
    cards: [
      {
        title: t('Своя терраса', 'A terrace of your own', '专属露台'),
        text: t(
          'На верхних этажах — квартиры с открытой террасой: ужин на воздухе и свой маленький сад.',
          'On the top floors, flats with an open terrace: dinner outdoors and a small garden of your own.',
          '顶层公寓配有开放式露台：户外用餐，打造属于自己的小花园。',
        ),
        image: demo('renderDay', t('Дом с террасами', 'A building with terraces', '带露台的住宅楼')),
      },
      {
        title: t('У реки и соснового парка', 'By the river and the pine park', '临河近松林'),
        text: t(
          'В «Сосновом береге» с террас видны Москва-река и сосны парка.',
          'At Pine Shore the terraces look over the Moskva river and the pines of the park.',
          '在松林河岸，从露台可眺望莫斯科河与公园松林。',
        ),
        image: cover('sosnovy', t('«Сосновый берег»: дома у реки', 'Pine Shore: buildings by the river', '松林河岸：河畔住宅')),
        link: { url: '/projects/2', label: t('О проекте', 'About the project', '了解项目') },
      },
    ],
  },
  {
    slug: 'finished',
    title: t('С отделкой', 'Finished', '精装修'),
    lotType: 'flat',
    rareFormat: null,
    url: '/filter?type=flat&finish=finished',
    cover: demo('interior', t('Светлая гостиная с отделкой', 'A bright finished living room', '明亮的精装客厅')),
    cards: [
      {
        title: t('Ремонт уже сделан', 'The renovation is done', '装修已完成'),
        text: t(
          'Стены, полы, двери и сантехника — от застройщика. Без пыли, смет и бригад.',
          'Walls, floors, doors and plumbing by the developer: no dust, estimates or builders.',
          '墙面、地板、门和卫浴均由开发商完成：无灰尘、无预算、无施工队。',
        ),
        image: demo('interior', t('Гостиная с отделкой', 'A finished living room', '精装客厅')),
      },
      {
        title: t('Можно в ипотеку', 'Mortgage included', '可纳入按揭'),
        text: t(
          'Отделка входит в цену квартиры, а значит — и в ипотеку.',
          'The finish is part of the price of the flat, so the mortgage covers it too.',
          '装修费用包含在房价中，因此也可纳入按揭贷款。',
        ),
        link: { url: '/filter?type=flat&finish=finished', label: SEE_FLATS },
      },
    ],
  },
  {
    slug: 'family',
    title: t('Для семьи', 'For families', '家庭之选'),
    lotType: 'flat',
    rareFormat: null,
    url: '/filter?type=flat&rooms=3%2C4',
    cover: demo('courtyard', t('Двор с детской площадкой', 'A courtyard with a playground', '带儿童游乐场的庭院')),
    cards: [
      {
        title: t('Комната каждому', 'A room for everyone', '每人一间房'),
        text: t(
          'Трёхкомнатные и большие квартиры: мастер-спальня, две ванные и кладовая.',
          'Three-room and larger flats: a master bedroom, two bathrooms and a storage room.',
          '三居室及更大户型：主卧套房、双卫生间和储物间。',
        ),
        image: demo('courtyard', t('Зелёный двор', 'A green courtyard', '绿色庭院')),
      },
      {
        title: t('Школа во дворе', 'A school in the courtyard', '学校就在院内'),
        text: t(
          'В «Липовом квартале» и «Северных высотах» школа и детский сад — в квартале, без перехода через улицу.',
          'At Linden Quarter and Northern Heights the school and kindergarten are on site: no street to cross.',
          '椴树街区和北方高地的学校与幼儿园都在社区内，无需穿越马路。',
        ),
      },
      {
        title: t('Семейная ипотека', 'Family mortgage', '家庭按揭'),
        text: t(
          'Для семей с детьми — ипотека на льготных условиях у банков-партнёров.',
          'Families with children get a mortgage on preferential terms from our partner banks.',
          '有孩子的家庭可从合作银行获得优惠按揭。',
        ),
        link: { url: '/filter?type=flat&rooms=3%2C4', label: SEE_FLATS },
      },
    ],
  },
  {
    slug: 'parking',
    title: t('Машино-места', 'Parking', '车位'),
    lotType: 'parking',
    rareFormat: null,
    url: '/filter?type=parking',
    cover: cover('lipovy', t('«Липовый квартал»: двор без машин', 'Linden Quarter: a car-free courtyard', '椴树街区：无车庭院')),
    cards: [
      {
        title: t('Машины — под землёй', 'Cars go underground', '车辆入地'),
        text: t(
          'Подземный паркинг с лифтом до вашего этажа, а двор остаётся для людей.',
          'An underground car park with a lift to your floor, and the courtyard stays for people.',
          '地下停车场有电梯直达您的楼层，庭院留给居民。',
        ),
        image: cover('lipovy', t('Двор без машин', 'A car-free courtyard', '无车庭院')),
      },
      {
        title: t('Кладовая рядом', 'A storage room nearby', '储藏室就在旁边'),
        text: t(
          'Рядом с машино-местами — кладовые для шин, велосипедов и сезонных вещей.',
          'Next to the parking spaces, storage rooms for tyres, bikes and seasonal things.',
          '车位旁设有储藏室，可存放轮胎、自行车和季节性物品。',
        ),
        link: { url: '/filter?type=parking', label: t('Выбрать машино-место', 'Choose a space', '选择车位') },
      },
    ],
  },
];
