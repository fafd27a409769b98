/**
 * The home page's main slider and its partners (other than the banks, which are in content/purchase.ts), in
 * Russian, English and Chinese. Seed data only: the database keeps them (`home_slides`, `partners`), which
 * running code reads. The pictures are the demo's own (core/image/demo-media.ts, the projects' covers).
 */
import type { PartnerKind } from '#core/content/home-blocks.ts';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE } from '#core/image/demo-media.ts';
import type { Localized } from './types.ts';
import { t } from '#core/i18n/localized.ts';

export type DemoSlide = {
  title: Localized;
  text: Localized;
  linkLabel: Localized;
  url: string;
  projectId: number | null;
  image: { src: string; width: number; height: number; alt: Localized };
};

export type DemoPartner = { id: string; kind: PartnerKind; name: Localized; url: string | null };

/** In the order shown; the first one is the page's largest picture, so it is a photograph. */
export const slides: DemoSlide[] = [
  {
    title: t('Сосновый берег: дома у реки', 'Pine Shore: homes by the river', '松林河岸：临河而居'),
    text: t(
      'Своя набережная, сосновый парк через дорогу и дворы без машин. Сдача — IV квартал 2027 года.',
      'A promenade of its own, a pine park across the road and car-free courtyards. Completion: Q4 2027.',
      '自有滨河步道，对面即是松林公园，庭院人车分流。预计2027年第四季度交付。',
    ),
    linkLabel: t('О проекте', 'About the project', '了解项目'),
    url: '/projects/2',
    projectId: 2,
    image: {
      src: DEMO_MEDIA.hero,
      ...DEMO_MEDIA_SIZE,
      alt: t('Жилые дома у реки в солнечный день', 'Residential buildings by the river on a sunny day', '阳光下的河畔住宅楼'),
    },
  },
  {
    title: t('Северные высоты: школа в квартале', 'Northern Heights: a school on site', '北方高地：社区内设学校'),
    text: t(
      'Башни с видом на город, школа и детский сад во дворе — дорога до класса без перехода через улицу.',
      'Towers with city views, with a school and a kindergarten in the courtyard: no street to cross on the way to class.',
      '俯瞰城市的高层住宅，学校和幼儿园就在院内，上学无需穿越马路。',
    ),
    linkLabel: t('О проекте', 'About the project', '了解项目'),
    url: '/projects/3',
    projectId: 3,
    image: {
      src: DEMO_MEDIA.courtyard,
      ...DEMO_MEDIA_SIZE,
      alt: t('Зелёный двор с детской площадкой', 'A green courtyard with a playground', '带儿童游乐场的绿色庭院'),
    },
  },
  {
    title: t('Липовый квартал: можно въезжать', 'Linden Quarter: ready to move in', '椴树街区：即买即住'),
    text: t(
      'Дома сданы в 2023 году: квартиры с ключами сразу после сделки.',
      'The buildings were completed in 2023: keys right after the purchase.',
      '楼栋已于2023年交付：签约后即可拿钥匙。',
    ),
    linkLabel: t('Выбрать квартиру', 'Choose a flat', '选择公寓'),
    url: '/filter?project=1&type=flat',
    projectId: 1,
    image: {
      src: 'catalogue/covers/lipovy.png',
      width: 1600,
      height: 1000,
      alt: t('Липовый квартал: три дома среди деревьев', 'Linden Quarter: three buildings among the trees', '椴树街区：绿树环抱的三栋住宅'),
    },
  },
  {
    title: t('Квартиры с отделкой', 'Flats with finishing', '精装公寓'),
    text: t(
      'Готовый ремонт от застройщика: въезжайте без хлопот и сроков.',
      "The developer's own finishing: move in without a renovation.",
      '开发商统一精装修：无需装修，省时省心。',
    ),
    linkLabel: t('Смотреть квартиры', 'See the flats', '查看公寓'),
    url: '/filter?type=flat&finish=finished',
    projectId: null,
    image: {
      src: DEMO_MEDIA.interior,
      ...DEMO_MEDIA_SIZE,
      alt: t('Светлая гостиная с отделкой', 'A bright finished living room', '明亮的精装客厅'),
    },
  },
];

/** The firms the developer works with besides the banks; their logos are drawn by server/modules/home/partner-logos.ts. */
export const partners: DemoPartner[] = [
  { id: 'arkhplan', kind: 'architect', name: t('Бюро «Архплан»', 'Arkhplan Bureau', 'Arkhplan 建筑事务所'), url: null },
  { id: 'stroymontazh', kind: 'contractor', name: t('«Строймонтаж»', 'Stroymontazh', 'Stroymontazh 建设集团'), url: null },
  { id: 'kvartira-plus', kind: 'agency', name: t('«Квартира Плюс»', 'Kvartira Plus', 'Kvartira Plus 房产中介'), url: null },
  { id: 'uyut-service', kind: 'management', name: t('УК «Уют-Сервис»', 'Uyut Service', 'Uyut 物业服务'), url: null },
];
