/**
 * Editorial content of the home page of the fictional developer «Северная линия» /
 * Severnaya Liniya Development / 北线开发, in Russian, English and Chinese.
 *
 * Two blocks are deliberately language-specific (spec §1; core/content/home.ts):
 * - `app` (the residents' mobile app) is mentioned ONLY in Russian: `en` and `zh` are empty strings.
 * - `englishManagers` (English-speaking managers call foreign buyers back) exists ONLY in English and
 *   Chinese: `ru` is an empty string.
 * An empty string means "do not render this block in that language"; do not fall back to another
 * language for these two blocks (core/schemas/localized.ts `pick()` would fall back to Russian).
 */
import type { HomeContent } from '#core/content/home.ts';

/** Seed data only: the database keeps the home page's texts (`content_blocks`), which running code reads. */
export const home: HomeContent = {
  hero: {
    title: {
      ru: 'Кварталы для жизни всей семьёй',
      en: 'Neighbourhoods built for family life',
      zh: '为全家生活而建的社区',
    },
    subtitle: {
      ru: 'Квартиры, машино-места, кладовые и коммерческие помещения в четырёх проектах «Северной линии» в Москве. Дворы без машин, детские сады и школы — рядом с домом.',
      en: 'Flats, parking spaces, storage rooms and commercial premises in four Severnaya Liniya projects in Moscow. Car-free courtyards, with kindergartens and schools a short walk from home.',
      zh: '北线开发在莫斯科的四个项目，提供公寓、车位、储藏室及商业物业。庭院无车通行，幼儿园和学校就在家门口。',
    },
    cta: { ru: 'Подобрать квартиру', en: 'Find a flat', zh: '选购公寓' },
    imageAlt: {
      ru: 'Жилые дома «Северной линии» у реки в солнечный день',
      en: 'Severnaya Liniya residential buildings by the river on a sunny day',
      zh: '北线开发河畔住宅楼，阳光明媚',
    },
  },

  selector: {
    title: { ru: 'Подберите квартиру', en: 'Find a flat', zh: '挑选公寓' },
    lead: {
      ru: 'Проект, комнаты и бюджет — число квартир обновляется сразу, остальное уточните в фильтре.',
      en: 'Choose the project, rooms and budget: the number of flats updates at once, and the filter has the rest.',
      zh: '选择项目、房间数和预算，符合条件的公寓数量即时更新，更多条件请在筛选页设置。',
    },
  },

  advantages: [
    {
      title: {
        ru: 'Удобное расположение',
        en: 'Great locations',
        zh: '优越地段',
      },
      description: {
        ru: 'Каждый проект — в 10–15 минутах пешком от метро и рядом с парком или набережной.',
        en: 'Every project is a 10–15-minute walk from the metro and close to a park or the riverside.',
        zh: '每个项目距地铁站步行仅需10–15分钟，周边有公园或滨水步道。',
      },
    },
    {
      title: {
        ru: 'Архитектура с характером',
        en: 'Architecture with character',
        zh: '独具特色的建筑',
      },
      description: {
        ru: 'Фасады из клинкерного кирпича и натурального камня, панорамные окна и просторные входные группы с колясочными.',
        en: 'Clinker-brick and natural-stone façades, floor-to-ceiling windows and spacious entrance lobbies with pram rooms.',
        zh: '熟料砖与天然石材外立面、落地窗，以及配有婴儿车存放间的宽敞入户大堂。',
      },
    },
    {
      title: {
        ru: 'Дворы без машин',
        en: 'Car-free courtyards',
        zh: '无车庭院',
      },
      description: {
        ru: 'Во дворах — только пешеходные дорожки, детские и спортивные площадки и места для тихого отдыха. Машины остаются в подземном паркинге.',
        en: 'Courtyards are for footpaths, playgrounds, sports areas and quiet corners only. Cars stay in the underground car park.',
        zh: '庭院内只有步道、儿童游乐场、运动场和休憩区，车辆一律停入地下车库。',
      },
    },
    {
      title: {
        ru: 'Детский сад и школа в квартале',
        en: 'Kindergarten and school on site',
        zh: '社区内的幼儿园和学校',
      },
      description: {
        ru: 'Сады и школы мы строим вместе с домами: дорога до них занимает несколько минут и не пересекает проезжую часть.',
        en: 'We build kindergartens and schools together with the homes, so children walk there in minutes without crossing a road.',
        zh: '幼儿园和学校与住宅同步建设，孩子步行几分钟即可到达，途中无需穿越车行道。',
      },
    },
    {
      title: {
        ru: 'Подземный паркинг и кладовые',
        en: 'Underground parking and storage',
        zh: '地下车库与储藏室',
      },
      description: {
        ru: 'Лифт спускается прямо в паркинг, а в кладовой на минус первом этаже найдётся место для шин, велосипедов и сезонных вещей.',
        en: 'Lifts go straight down to the car park, and storage rooms on the lower level keep tyres, bikes and seasonal things out of your flat.',
        zh: '电梯直达地下车库；负一层的储藏室可存放轮胎、自行车和换季物品。',
      },
    },
    {
      title: {
        ru: 'Ипотека и рассрочка',
        en: 'Mortgages and instalments',
        zh: '房贷与分期付款',
      },
      description: {
        ru: 'Ипотека в банках-партнёрах, включая семейную и IT-ипотеку, и рассрочка от застройщика. Все расчёты — через счета эскроу.',
        en: 'Mortgages from our partner banks, including family and IT-sector programmes, and instalment plans from the developer. All payments go through escrow.',
        zh: '合作银行提供房贷，包括家庭房贷和IT从业者房贷；开发商另提供分期付款。所有款项均通过第三方托管账户支付。',
      },
    },
  ],

  indicators: [
    {
      value: '4',
      label: {
        ru: 'проекта в Москве',
        en: 'projects in Moscow',
        zh: '个莫斯科住宅项目',
      },
    },
    {
      value: '12',
      label: {
        ru: 'жилых корпусов',
        en: 'residential buildings',
        zh: '栋住宅楼',
      },
    },
    {
      value: '3 100+',
      label: {
        ru: 'квартир, машино-мест, кладовых и коммерческих помещений',
        en: 'flats, parking spaces, storage rooms and commercial units',
        zh: '套房源，涵盖公寓、车位、储藏室及商业物业',
      },
    },
    {
      value: '25',
      label: {
        ru: 'лет опыта нашей команды',
        en: 'years of team experience',
        zh: '年团队开发经验',
      },
    },
    {
      value: '1 240',
      label: {
        ru: 'семей уже получили ключи',
        en: 'families already have their keys',
        zh: '户家庭已收房入住',
      },
    },
    {
      value: '9',
      label: {
        ru: 'гектаров дворов и скверов',
        en: 'hectares of courtyards and squares',
        zh: '公顷庭院与街心花园',
      },
    },
    {
      value: '15',
      label: { ru: 'банков-партнёров', en: 'partner banks', zh: '家合作银行' },
    },
    {
      value: '100%',
      label: {
        ru: 'расчётов через счета эскроу',
        en: 'of payments through escrow accounts',
        zh: '款项通过托管账户支付',
      },
    },
  ],

  presentation: {
    title: {
      ru: 'Презентация проектов',
      en: 'Project presentation',
      zh: '项目介绍手册',
    },
    description: {
      ru: 'Планировки, отделка, инфраструктура и условия покупки — в одном файле. Удобно изучить дома и показать семье.',
      en: 'Floor plans, finishes, amenities and purchase terms in one file — easy to read at home and share with your family.',
      zh: '户型、装修标准、配套设施和购房条件尽在一份文件中，方便在家细看并与家人分享。',
    },
    fileLabel: {
      ru: 'Скачать презентацию (PDF)',
      en: 'Download the presentation (PDF)',
      zh: '下载介绍手册（PDF）',
    },
  },

  renderVsPhoto: {
    title: {
      ru: 'Обещали — построили',
      en: 'Render vs reality',
      zh: '效果图与实景对比',
    },
    description: {
      ru: 'Передвиньте ползунок и сравните, каким мы показывали «Липовый квартал» на старте продаж и каким он стал после сдачи.',
      en: 'Drag the slider to compare how we presented Linden Quarter at launch with how it looks today, after completion.',
      zh: '拖动滑块，对比“椴树街区”开盘时的效果图与交付后的实景。',
    },
    renderLabel: { ru: 'Визуализация', en: 'Render', zh: '效果图' },
    photoLabel: { ru: 'Фото', en: 'Photo', zh: '实景照片' },
  },

  // Spec §1: only the Russian variant mentions the residents' app; en and zh are intentionally empty.
  app: {
    title: { ru: 'Мобильное приложение для жителей', en: '', zh: '' },
    description: {
      ru: 'Пропуска для гостей и курьеров, заявки в управляющую компанию, показания счётчиков и оплата ЖКУ — в одном приложении. Скачайте его в App Store или Google Play.',
      en: '',
      zh: '',
    },
  },

  // Spec §1: the promise of an English-speaking call-back is for foreign buyers; ru is intentionally empty.
  englishManagers: {
    title: {
      ru: '',
      en: 'English-speaking managers',
      zh: '英语客户经理为您服务',
    },
    description: {
      ru: '',
      en: 'Buying a flat in Moscow from abroad? Leave your number and an English-speaking manager will call you back to walk you through the projects, the purchase process and the paperwork.',
      zh: '身在海外，也想在莫斯科购房？留下您的电话，我们的英语客户经理将给您回电，为您介绍项目、购房流程及所需文件。',
    },
  },
};
