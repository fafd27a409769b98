/** The demo's project 1 (content/projects.ts), as a blueprint (demo-blueprint.ts). */
import { t } from '#core/i18n/localized.ts';
import { ell, infra, m, min, type ProjectBlueprint, purchase, rect, site } from '../demo-blueprint.ts';

export const lipovy: ProjectBlueprint = {
  slug: site(1).shortSlug,
  material: 'brick',
  status: 'completed',
  shared: false,
  name: site(1).name,
  tagline: site(1).tagline,
  completionLabel: site(1).completion,
  completion: null,
  description: t(
    'Сданный квартал из трёх кирпичных домов на 12–14 этажей вокруг зелёного двора без машин, в десяти минутах от метро «Алексеевская». Квартиры с отделкой, готовые к заселению.',
    'A completed quarter of three 12–14-storey brick buildings around a car-free green courtyard, ten minutes from Alexeyevskaya metro. Finished flats, ready to move into.',
    '已交付的街区，三栋12–14层砖砌住宅环绕无车绿色庭院，距阿列克谢耶夫斯卡娅地铁站10分钟。精装交付，即买即住。',
  ),
  district: t('Останкинский', 'Ostankinsky', '奥斯坦金诺区'),
  address: t('Москва, Липовая аллея, 7', '7 Lipovaya Alley, Moscow', '莫斯科，椴树林荫道7号'),
  lat: 55.8181,
  lng: 37.6395,
  pricePerM2: 345_000,
  parkingPrice: 2_650_000,
  commercialPerM2: 0,
  sold: 0.955,
  booked: 0.012,
  finishes: ['finished'],
  ceiling: 2.8,
  views: ['park', 'courtyard'],
  scenery: { river: false, park: [1130, 90, 380, 300], school: [110, 640, 300, 230] },
  palette: { facade: '#e4d6c3', accent: '#a5674a' },
  buildings: [
    {
      floors: 12,
      sections: 4,
      mix: ['2k', '1k', 'st', '2e', '3k', '1k', 'st', '2e', '2k'],
      completion: null,
      commercial: 0,
      underground: [{ parking: 30, pantries: 12 }],
      outline: rect(180, 140, 760, 130),
    },
    {
      floors: 14,
      sections: 4,
      mix: ['3k', '1k', '2e', '2k', '1k', 'st', '2e', '3e'],
      completion: null,
      commercial: 0,
      underground: [{ parking: 30, pantries: 12 }],
      outline: rect(180, 430, 760, 130),
    },
    {
      floors: 14,
      sections: 3,
      mix: ['2k', 'st', '1k', '2e', '4k', '1k', 'st', '2e', '3k'],
      completion: null,
      commercial: 0,
      underground: [{ parking: 30, pantries: 12 }],
      outline: ell(1080, 480, 420, 120, 130, 320),
    },
  ],
  content: {
    indicators: [
      // Buildings, storeys, flats, ceilings and parking spaces are counted from the catalogue (projectFigures): never typed here.
      { value: t('1,2 га', '1.2 ha', '1.2'), label: t('двор без машин', 'car-free courtyard', '公顷无车庭院') },
      // The same facts as the benefits (content/benefits.ts) and the neighbourhood below.
      { value: '550', label: t('мест в школе квартала', 'pupils in the quarter’s school', '个社区学校学位') },
      {
        value: t('10 мин', '10 min', '10 分钟'),
        label: t('пешком до метро «Алексеевская»', 'walk to Alexeyevskaya metro', '步行至阿列克谢耶夫斯卡娅地铁站'),
      },
    ],
    about: [
      t(
        '«Липовый квартал» — три кирпичных дома вокруг большого двора, где нет машин: парковка спрятана под землю, а во дворе — игровые площадки для разных возрастов, сад и площадка для воркаута.',
        'Linden Quarter is three brick buildings around a large courtyard with no cars: parking is underground, and the courtyard has play areas for every age, a garden and a workout ground.',
        '椴树街区由三栋砖砌住宅楼组成，环绕着一个无车的大庭院：停车场位于地下，庭院内有适合各年龄段的游乐场、花园和健身区。',
      ),
      t(
        'Квартал сдан в 2023 году. Остались последние квартиры с отделкой, машино-места и кладовые.',
        'The quarter was completed in 2023. The last finished flats, parking spaces and storage rooms are still available.',
        '街区已于2023年交付，目前仍有少量精装公寓、车位和储藏室在售。',
      ),
    ],
    infrastructure: infra([
      ['metro', t('Метро «Алексеевская»', 'Alexeyevskaya metro', '阿列克谢耶夫斯卡娅地铁站'), min(10)],
      ['school', t('Школа на 550 мест', 'School for 550 pupils', '550人学校'), m(150)],
      ['kindergarten', t('Детский сад на 200 мест', 'Kindergarten for 200 children', '200人幼儿园'), m(90)],
      ['park', t('Останкинский парк', 'Ostankino Park', '奥斯坦金诺公园'), min(12)],
      ['clinic', t('Поликлиника', 'Clinic', '诊所'), m(600)],
    ]),
    purchaseInfo: purchase(false),
    presentationUrl: null,
    gallery: ['renderDay', 'photoDusk', 'courtyard', 'interior'],
    renderVsPhoto: true,
  },
};
