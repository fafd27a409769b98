/** The demo's project 2 (content/projects.ts), as a blueprint (demo-blueprint.ts). */
import { t } from '#core/i18n/localized.ts';
import { infra, m, min, type ProjectBlueprint, purchase, rect, site } from '../demo-blueprint.ts';

export const sosnovy: ProjectBlueprint = {
  slug: site(2).shortSlug,
  material: 'monolith',
  status: 'construction',
  shared: false,
  name: site(2).name,
  tagline: site(2).tagline,
  completionLabel: site(2).completion,
  completion: '2027-Q4',
  description: t(
    'Три дома на 15–17 этажей между сосновым парком и Москвой-рекой, со своей набережной, магазинами на первых этажах и подземным паркингом.',
    'Three 15–17-storey buildings between a pine park and the Moskva river, with their own promenade, shops on the ground floors and underground parking.',
    '三栋15–17层住宅楼，位于松林公园与莫斯科河之间，自带滨河步道，首层为商铺，设地下停车场。',
  ),
  district: t('Хорошёво-Мнёвники', 'Khoroshyovo-Mnyovniki', '霍罗舍沃-姆尼奥夫尼基区'),
  address: t('Москва, Сосновая набережная, 12', '12 Sosnovaya Embankment, Moscow', '莫斯科，松林滨河路12号'),
  lat: 55.7769,
  lng: 37.4651,
  pricePerM2: 289_000,
  parkingPrice: 2_250_000,
  commercialPerM2: 395_000,
  sold: 0.42,
  booked: 0.06,
  finishes: ['whitebox', 'finished', 'finished'],
  ceiling: 2.9,
  views: ['water', 'park'],
  scenery: { river: true, park: [90, 80, 420, 360], school: null },
  palette: { facade: '#dfe3dc', accent: '#2f7a6c' },
  buildings: [
    {
      floors: 15,
      sections: 2,
      mix: ['2k', '1k', '2e', 'st', '3e', '1k'],
      completion: '2027-Q2',
      originalCompletion: '2026-Q4',
      commercial: 3,
      underground: [{ parking: 20, pantries: 8 }],
      outline: rect(600, 150, 420, 130),
    },
    {
      floors: 17,
      sections: 2,
      mix: ['3k', '2e', '1k', 'st', '2k', '2e'],
      completion: '2027-Q4',
      commercial: 3,
      underground: [{ parking: 20, pantries: 8 }],
      outline: rect(1080, 150, 420, 130),
    },
    {
      floors: 17,
      sections: 2,
      mix: ['2e', 'st', '1k', '3k', '2k', '1k'],
      completion: '2027-Q4',
      commercial: 3,
      underground: [{ parking: 20, pantries: 8 }],
      outline: rect(840, 420, 420, 130),
    },
  ],
  content: {
    indicators: [
      { value: t('600 м', '600 m', '600 米'), label: t('своя набережная', 'own promenade', '自有滨河步道') },
      // The same facts as the neighbourhood below.
      { value: t('80 м', '80 m', '80 米'), label: t('до соснового парка', 'to the pine park', '至松林公园') },
      {
        value: t('14 мин', '14 min', '14 分钟'),
        label: t('пешком до метро «Народное Ополчение»', 'walk to Narodnoye Opolcheniye metro', '步行至人民民兵地铁站'),
      },
    ],
    about: [
      t(
        '«Сосновый берег» стоит между сосновым парком и рекой. Дома развёрнуты так, чтобы из окон было видно воду или деревья, а дворы защищены от ветра.',
        'Pine Shore stands between a pine park and the river. The buildings are turned so that the windows look at the water or the trees, and the courtyards are sheltered from the wind.',
        '松林河岸坐落在松林公园与河流之间。楼栋朝向经过精心设计，窗外即是河景或林景，庭院避风。',
      ),
      t(
        'На первых этажах — кафе, пекарня и магазины; под домами — паркинг и кладовые. Все расчёты — через эскроу-счета.',
        'The ground floors hold cafés, a bakery and shops; beneath the buildings are parking and storage rooms. All payments go through escrow accounts.',
        '首层设有咖啡馆、面包店和商店；地下为停车场和储藏室。所有款项均通过托管账户支付。',
      ),
    ],
    infrastructure: infra([
      ['metro', t('Метро «Народное Ополчение»', 'Narodnoye Opolcheniye metro', '人民民兵地铁站'), min(14)],
      ['park', t('Сосновый парк', 'Pine park', '松林公园'), m(80)],
      ['school', t('Школа', 'School', '学校'), m(700)],
      ['sport', t('Спортивный комплекс', 'Sports centre', '体育中心'), m(900)],
      ['shop', t('Супермаркет', 'Supermarket', '超市'), m(50)],
    ]),
    purchaseInfo: purchase(true),
    presentationUrl: null,
    gallery: ['hero', 'courtyard', 'interior', 'masterplan'],
    renderVsPhoto: false,
  },
};
