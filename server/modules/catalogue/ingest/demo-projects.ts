/**
 * The demo developer's four projects as blueprints: what is built where (buildings, sections, floors,
 * layouts) and the texts of the project pages in three languages. Names, taglines and completion labels
 * come from content/site.ts, so the menus, the home page and the catalogue tell one story. Everything here
 * is invented. The generator (generate.ts) turns blueprints into rows; media.ts draws their pictures.
 */
import type { Finish, ProjectStatus } from '#core/catalogue/types.ts';
import type { BuildingMaterial } from '#core/feeds/portals.ts';
import { type DEMO_MEDIA } from '#core/image/demo-media.ts';
import { projects as siteProjects } from '#content/site.ts';
import type { Localized } from '#core/schemas/localized.ts';
import type { ProjectContent } from '../schema.ts';
import type { FlatLayoutCode } from './layouts.ts';
import { t } from '#core/i18n/localized.ts';

export type UndergroundLevel = { parking: number; pantries: number };

export type BuildingBlueprint = {
  floors: number;
  sections: number;
  /** Layouts of a typical floor, in plan order: top row left to right, then bottom-left, then bottom-right. */
  mix: FlatLayoutCode[];
  completion: string | null;
  /** The quarter first announced, when the deadline has since moved to `completion`. */
  originalCompletion?: string;
  /** Commercial premises per section on floor 1 (flats then start on floor 2); 0 = flats from floor 1. */
  commercial: number;
  underground: UndergroundLevel[];
  /** Footprint on the master plan (1600×1000). */
  outline: [number, number][];
};

export type ProjectBlueprint = {
  slug: string;
  status: ProjectStatus;
  shared: boolean;
  name: Localized;
  tagline: Localized;
  completionLabel: Localized;
  completion: string | null;
  description: Localized;
  district: Localized;
  address: Localized;
  lat: number;
  lng: number;
  /** Roubles per m² of a mid-floor two-room flat; the rest of the price list is derived from it. */
  pricePerM2: number;
  parkingPrice: number;
  commercialPerM2: number;
  /** Shares of lots already sold and booked. */
  sold: number;
  booked: number;
  finishes: Finish[];
  ceiling: number;
  /** What its buildings are built of (the portals' house type). */
  material: BuildingMaterial;
  /** What the top-row and bottom-row windows look at. */
  views: [string, string];
  /** Master plan dressing: a river along the bottom, a park, a school plot. */
  scenery: { river: boolean; park: [number, number, number, number]; school: [number, number, number, number] | null };
  palette: { facade: string; accent: string };
  buildings: BuildingBlueprint[];
  content: Omit<ProjectContent, 'gallery' | 'renderVsPhoto'> & { gallery: (keyof typeof DEMO_MEDIA)[]; renderVsPhoto: boolean };
};

const site = (id: number) => {
  const found = siteProjects.find((p) => p.id === id);
  if (!found) throw new Error(`content/site.ts has no project ${id}`);
  return found;
};

const purchase = (escrow: boolean) => [
  {
    method: 'mortgage',
    title: t('Ипотека от банков-партнёров', 'Mortgage from partner banks', '合作银行房贷'),
    text: t(
      'Одобрение за один день, подписание сделки в нашем офисе. Действующие программы, ставки и ваш платёж — на странице «Ипотека» и в калькуляторе на сайте.',
      'Approval in one day and signing at our office. The programmes in force, their rates and your payment are on the Mortgage page and in the calculator on our website.',
      '一天内获批，在我们办公室签约。现行方案、利率和您的月供请见网站“房贷”页面及计算器。',
    ),
  },
  {
    method: 'installment',
    title: t('Рассрочка от застройщика', 'Instalment plans from the developer', '开发商分期付款'),
    text: t(
      'Первый взнос, срок и условия зависят от плана; действующие планы и график платежей — на странице «Рассрочка».',
      'The down payment, term and markup depend on the plan; the plans in force and their payment schedules are on the Instalment plan page.',
      '首付、期限和条件因方案而异；现行方案及还款计划请见“分期付款”页面。',
    ),
  },
  {
    method: 'full_payment',
    title: t('Полная оплата', 'Full payment', '全款购房'),
    text: escrow
      ? t(
          'Скидка до 5% при полной оплате; деньги хранятся на счёте эскроу до сдачи дома.',
          'Up to 5% off for full payment; the money stays in escrow until completion.',
          '全款最高优惠5%；款项在交付前存放于托管账户。',
        )
      : t('Скидка до 3% при полной оплате готовой квартиры.', 'Up to 3% off for full payment on a completed flat.', '现房全款最高优惠3%。'),
  },
  {
    method: 'trade_in',
    title: t('Трейд-ин', 'Trade-in', '以旧换新'),
    text: t(
      'Зачтём вашу квартиру в счёт новой: оценка за два дня, фиксированная цена новой квартиры на 30 дней.',
      'Your current flat counts towards the new one: valued in two days, the new flat’s price held for 30 days.',
      '您的旧房可抵扣新房款：两天内完成评估，新房价格锁定30天。',
    ),
  },
];

const infra = (items: [string, Localized, Localized][]) => items.map(([kind, name, distance]) => ({ kind, name, distance }));
const m = (n: number) => t(`${n} м`, `${n} m`, `${n}米`);
const min = (n: number) => t(`${n} мин пешком`, `${n} min walk`, `步行${n}分钟`);

const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
const ell = (x: number, y: number, w: number, h: number, leg: number, legH: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x + leg, y + h],
  [x + leg, y + h + legH],
  [x, y + h + legH],
];

export const DEMO_PROJECTS: ProjectBlueprint[] = [
  {
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
  },
  {
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
    views: ['river', 'forest'],
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
  },
  {
    slug: site(3).shortSlug,
    material: 'monolith',
    status: 'construction',
    shared: true,
    name: site(3).name,
    tagline: site(3).tagline,
    completionLabel: site(3).completion,
    completion: '2028-Q2',
    description: t(
      'Четыре башни на 22–27 этажей с видом на центр города, школой и спортивным кластером внутри квартала. Проект строится вместе с партнёром — «Городской девелопмент».',
      'Four 22–27-storey towers with views of the city centre, a school and a sports cluster inside the quarter. Built jointly with our partner, Gorodskoy Development.',
      '四栋22–27层塔楼，可眺望市中心，社区内设学校和运动中心。与合作伙伴“城市开发”联合建设。',
    ),
    district: t('Савёловский', 'Savyolovsky', '萨维奥洛夫斯基区'),
    address: t('Москва, Северный проезд, 3', '3 Severny Proezd, Moscow', '莫斯科，北方通道3号'),
    lat: 55.8036,
    lng: 37.5842,
    pricePerM2: 372_000,
    parkingPrice: 3_150_000,
    commercialPerM2: 455_000,
    sold: 0.27,
    booked: 0.05,
    finishes: ['finished', 'finished', 'furnished'],
    ceiling: 3.0,
    views: ['city', 'boulevard'],
    scenery: { river: false, park: [90, 620, 420, 300], school: [1180, 640, 320, 260] },
    palette: { facade: '#d9dde2', accent: '#34566b' },
    buildings: [
      {
        floors: 22,
        sections: 1,
        mix: ['2k', '1k', '2e', '3e', 'st'],
        completion: '2027-Q4',
        commercial: 3,
        underground: [{ parking: 25, pantries: 8 }],
        outline: rect(220, 140, 220, 220),
      },
      {
        floors: 24,
        sections: 1,
        mix: ['3k', '2e', '1k', 'st', '2k'],
        completion: '2028-Q1',
        originalCompletion: '2027-Q3',
        commercial: 3,
        underground: [{ parking: 25, pantries: 8 }],
        outline: rect(560, 200, 220, 220),
      },
      {
        floors: 25,
        sections: 1,
        mix: ['4e', '1k', '2e', 'st', '2k'],
        completion: '2028-Q2',
        commercial: 3,
        underground: [{ parking: 25, pantries: 8 }],
        outline: rect(900, 140, 220, 220),
      },
      {
        floors: 27,
        sections: 1,
        mix: ['3e', '2e', 'st', '1k', '4k'],
        completion: '2028-Q2',
        commercial: 3,
        underground: [{ parking: 25, pantries: 8 }],
        outline: rect(1240, 200, 220, 220),
      },
    ],
    content: {
      indicators: [
        // The same facts as the neighbourhood below.
        { value: '800', label: t('мест в школе квартала', 'pupils in the quarter’s school', '个社区学校学位') },
        { value: t('8 мин', '8 min', '8 分钟'), label: t('пешком до парка «Северный»', 'walk to Severny Park', '步行至北方公园') },
        { value: t('11 мин', '11 min', '11 分钟'), label: t('пешком до метро «Дмитровская»', 'walk to Dmitrovskaya metro', '步行至德米特罗夫斯卡娅地铁站') },
      ],
      about: [
        t(
          '«Северные высоты» — четыре башни вокруг общего стилобата с садом на крыше. В стилобате — спортивный клуб, коворкинг и детский клуб для жителей.',
          'Northern Heights is four towers around a shared podium with a roof garden. The podium holds a sports club, a co-working space and a children’s club for residents.',
          '北方高地由四栋塔楼组成，环绕一个带屋顶花园的共享裙楼。裙楼内设有健身俱乐部、共享办公空间和儿童俱乐部，供住户使用。',
        ),
        t(
          'Проект реализуется совместно с компанией «Городской девелопмент»; договоры заключает «Северная линия», расчёты — через эскроу.',
          'The project is developed jointly with Gorodskoy Development; contracts are signed with Severnaya Liniya and payments go through escrow.',
          '该项目与“城市开发”公司联合开发；合同由北线开发签订，款项通过托管账户支付。',
        ),
      ],
      infrastructure: infra([
        ['metro', t('Метро «Дмитровская»', 'Dmitrovskaya metro', '德米特罗夫斯卡娅地铁站'), min(11)],
        ['school', t('Школа на 800 мест', 'School for 800 pupils', '800人学校'), m(120)],
        ['sport', t('Спортивный кластер', 'Sports cluster', '运动中心'), m(200)],
        ['park', t('Парк «Северный»', 'Severny Park', '北方公园'), min(8)],
        ['shop', t('Торговый центр', 'Shopping centre', '购物中心'), m(750)],
      ]),
      purchaseInfo: purchase(true),
      presentationUrl: null,
      gallery: ['hero', 'interior', 'courtyard'],
      renderVsPhoto: false,
    },
  },
  {
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
    views: ['boulevard', 'courtyard'],
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
  },
];
