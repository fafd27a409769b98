/**
 * The demo's four projects as the menus, the home page and the catalogue name them (ids 1–4 are the catalogue's
 * project ids): the catalogue's demo blueprints (server/modules/catalogue/ingest/demo-blueprint.ts) and the header
 * menu are written from them. Not a kind of the back office: the catalogue's import owns the projects.
 */
import type { ProjectSummary } from './types.ts';
import { t } from '#core/i18n/localized.ts';

export const projects: ProjectSummary[] = [
  {
    id: 1,
    shortSlug: 'lipovy',
    status: 'completed',
    name: t('Липовый квартал', 'Linden Quarter', '椴树街区'),
    tagline: t(
      'Тихий квартал из трёх домов среди старых лип',
      'A quiet quarter of three buildings among old linden trees',
      '古老椴树环抱的静谧街区，共三栋住宅楼',
    ),
    completion: t('Сдан в 2023 году', 'Completed in 2023', '已于2023年交付'),
  },
  {
    id: 2,
    shortSlug: 'sosnovy',
    status: 'construction',
    name: t('Сосновый берег', 'Pine Shore', '松林河岸'),
    tagline: t(
      'Дома между сосновым парком и рекой, со своей набережной',
      'Homes between a pine park and the river, with their own promenade',
      '坐拥松林公园与河岸，自带滨河步道',
    ),
    completion: t('Сдача — IV квартал 2027 года', 'Completion: Q4 2027', '预计2027年第四季度交付'),
  },
  {
    id: 3,
    shortSlug: 'vysoty',
    status: 'construction',
    name: t('Северные высоты', 'Northern Heights', '北方高地'),
    tagline: t('Башни с видом на город и школой в квартале', 'Towers with city views and a school on site', '俯瞰城市的高层住宅，社区内设学校'),
    completion: t('Сдача — II квартал 2028 года', 'Completion: Q2 2028', '预计2028年第二季度交付'),
  },
  {
    id: 4,
    shortSlug: 'zvezdny',
    status: 'presale',
    name: t('Звёздный сад', 'Star Garden', '星光花园'),
    tagline: t(
      'Квартал-сад с детским садом и прогулочным бульваром',
      'A garden neighbourhood with a kindergarten and a walking boulevard',
      '花园式社区，配有幼儿园和林荫步道',
    ),
    completion: t('Скоро старт продаж', 'Sales launch soon', '即将开盘'),
  },
];
