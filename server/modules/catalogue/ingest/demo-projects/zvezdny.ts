/** The demo's project 4 (content/projects.ts), as a blueprint (demo-blueprint.ts). */
import { t } from '#core/i18n/localized.ts';
import { infra, m, min, type ProjectBlueprint, purchase, rect, site } from '../demo-blueprint.ts';

export const zvezdny: ProjectBlueprint = {
  slug: site(4).shortSlug,
  material: 'monolith_brick',
  status: 'presale',
  shared: false,
  name: site(4).name,
  tagline: site(4).tagline,
  completionLabel: site(4).completion,
  completion: '2029-Q4',
  description: t(
    'Квартал-сад из двух домов на 8 этажей вдоль прогулочного бульвара, с детским садом и садами на крышах. Продажи скоро стартуют: оставьте заявку, чтобы первыми узнать цены.',
    'A garden neighbourhood of two 8-storey buildings along a walking boulevard, with a kindergarten and roof gardens. Sales start soon: register your interest to be the first to see prices.',
    '花园式社区，两栋8层住宅沿林荫步道而建，配有幼儿园和屋顶花园。即将开盘：登记意向，抢先获取价格。',
  ),
  district: t('Ростокино', 'Rostokino', '罗斯托基诺区'),
  address: t('Москва, Звёздный бульвар, 40', '40 Zvyozdny Boulevard, Moscow', '莫斯科，星光林荫大道40号'),
  lat: 55.8329,
  lng: 37.6614,
  pricePerM2: 258_000,
  parkingPrice: 1_950_000,
  commercialPerM2: 0,
  sold: 0,
  booked: 0,
  finishes: ['none', 'whitebox'],
  ceiling: 2.85,
  views: ['street', 'courtyard'],
  scenery: { river: false, park: [120, 560, 560, 340], school: [1120, 600, 360, 280] },
  palette: { facade: '#eadfcf', accent: '#c8793a' },
  buildings: [
    {
      floors: 8,
      sections: 2,
      mix: ['2k', '1k', '2e', 'st', '3k'],
      completion: '2029-Q2',
      commercial: 0,
      underground: [{ parking: 12, pantries: 6 }],
      outline: rect(260, 150, 560, 140),
    },
    {
      floors: 8,
      sections: 2,
      mix: ['3e', '2e', '1k', 'st', '2k'],
      completion: '2029-Q4',
      commercial: 0,
      underground: [{ parking: 12, pantries: 6 }],
      outline: rect(900, 300, 560, 140),
    },
  ],
  content: {
    indicators: [
      // The same facts as the neighbourhood below.
      { value: '150', label: t('мест в детском саду квартала', 'places in the quarter’s kindergarten', '个社区幼儿园名额') },
      { value: t('10 мин', '10 min', '10 分钟'), label: t('пешком до Ботанического сада', 'walk to the Botanical Garden', '步行至植物园') },
      { value: t('15 мин', '15 min', '15 分钟'), label: t('пешком до метро «ВДНХ»', 'walk to VDNKh metro', '步行至全俄展览中心地铁站') },
    ],
    about: [
      t(
        '«Звёздный сад» — невысокий квартал на Звёздном бульваре: два дома, общий сад и детский сад во дворе.',
        'Star Garden is a low-rise neighbourhood on Zvyozdny Boulevard: two buildings, a shared garden and a kindergarten in the courtyard.',
        '星光花园是星光林荫大道上的低层社区：两栋住宅楼、共享花园和庭院内的幼儿园。',
      ),
    ],
    infrastructure: infra([
      ['metro', t('Метро «ВДНХ»', 'VDNKh metro', '全俄展览中心地铁站'), min(15)],
      ['kindergarten', t('Детский сад на 150 мест', 'Kindergarten for 150 children', '150人幼儿园'), m(60)],
      ['park', t('Ботанический сад', 'Botanical Garden', '植物园'), min(10)],
    ]),
    purchaseInfo: purchase(true),
    presentationUrl: null,
    gallery: ['masterplan', 'courtyard'],
    renderVsPhoto: false,
  },
};
