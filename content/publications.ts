/**
 * The demo developer's promotions, news and press mentions, in Russian, English and Chinese. Every offer,
 * bank, outlet and figure is invented. Seeded into the `publications` table by server/db/seed.ts; pictures
 * are the generated demo media and catalogue covers (their intrinsic sizes are given with them).
 */
import type { LotType } from '#core/catalogue/types.ts';
import type { PublicationKind } from '#core/content/publications.ts';
import type { Block, Localized, LocalizedBlocks } from './types.ts';
import { t } from '#core/i18n/localized.ts';

const p = (text: string): Block => ({ type: 'p', text });
const h2 = (text: string): Block => ({ type: 'h2', text });
const ul = (...items: string[]): Block => ({ type: 'ul', items });

export type PublicationSeed = {
  kind: PublicationKind;
  slug: string;
  projectId: number | null;
  realtyTypes: LotType[];
  title: Localized;
  lead: Localized;
  badge?: Localized;
  body: LocalizedBlocks;
  image: { src: string; width: number; height: number };
  source?: { name: Localized; url: string };
  publishedAt: string;
  endsAt?: string;
};

const DEMO = { width: 3200, height: 2000 };
const COVER = { width: 1600, height: 1000 };
const picture = (src: string, size = DEMO) => ({ src, ...size });

export const publications: PublicationSeed[] = [
  // ---------------------------------------------------------------------------------------------------
  // Promotions (addressed by number: /promo/{id}; ids follow this order)
  // ---------------------------------------------------------------------------------------------------
  {
    kind: 'promo',
    slug: 'family-mortgage',
    projectId: 2,
    realtyTypes: ['flat'],
    badge: t('6 %', '6%', '6%'),
    title: t('Семейная ипотека под 6 % в «Сосновом береге»', 'Pine Shore: family mortgage at 6%', '松林河岸：家庭房贷利率 6%'),
    lead: t(
      'Для семей с ребёнком до 6 лет — ставка 6 % на весь срок кредита и первый взнос от 20 %.',
      'Families with a child under six pay 6% for the whole loan term, with 20% down.',
      '有 6 岁以下子女的家庭，全程贷款利率 6%，首付 20% 起。',
    ),
    body: {
      ru: [
        p('Семейная ипотека с господдержкой доступна для квартир в корпусах 1–3 «Соснового берега». Ставка 6 % годовых фиксируется на весь срок кредита.'),
        h2('Условия'),
        ul('Первый взнос — от 20 %', 'Сумма кредита — до 12 млн ₽', 'Срок — до 30 лет', 'Одобрение — за один день в нашем офисе продаж'),
        p('Менеджер рассчитает платёж по вашей квартире и подаст заявку сразу в несколько банков-партнёров.'),
      ],
      en: [
        p('The state-supported family mortgage is available for flats in buildings 1–3 of Pine Shore. The rate of 6% a year is fixed for the whole term.'),
        h2('Terms'),
        ul('Down payment from 20%', 'Loan up to ₽12 million', 'Term up to 30 years', 'Approval in one day at our sales office'),
        p('A manager will work out the payment for your flat and apply to several partner banks at once.'),
      ],
      zh: [
        p('国家支持的家庭房贷适用于松林河岸 1–3 号楼的住宅，年利率 6%，全程固定。'),
        h2('条件'),
        ul('首付 20% 起', '贷款金额最高 1200 万卢布', '期限最长 30 年', '在销售中心当天审批'),
        p('销售经理将为您计算所选房源的月供，并同时向多家合作银行提交申请。'),
      ],
    },
    image: picture('catalogue/covers/sosnovy.png', COVER),
    publishedAt: '2026-10-01',
    endsAt: '2027-06-30',
  },
  {
    kind: 'promo',
    slug: 'parking-discount',
    projectId: 1,
    realtyTypes: ['parking'],
    badge: t('−15 %', '−15%', '减 15%'),
    title: t('Машино-места в «Липовом квартале» со скидкой 15 %', 'Parking spaces at Linden Quarter 15% off', '椴树街区车位立减 15%'),
    lead: t(
      'Подземный паркинг в сданном доме: скидка 15 % при покупке до конца января.',
      'Underground parking in a completed building: 15% off when you buy by the end of January.',
      '已交付住宅的地下车位：1 月底前购买立减 15%。',
    ),
    body: {
      ru: [
        p('Паркинг «Липового квартала» уже работает: тёплый, с лифтом в каждый подъезд и зарядками для электромобилей.'),
        ul('Скидка 15 % от цены на сайте', 'Рассрочка на 12 месяцев без удорожания', 'Сделка и ключи — в день оплаты'),
      ],
      en: [
        p('The Linden Quarter car park is already open: heated, with a lift to every entrance and EV chargers.'),
        ul('15% off the price on the website', '12-month interest-free instalments', 'Contract and keys on the day you pay'),
      ],
      zh: [
        p('椴树街区地下车库已投入使用：恒温、每个单元均有电梯直达，并配有电动车充电桩。'),
        ul('按网站价格立减 15%', '12 个月免息分期', '付款当天签约并交钥匙'),
      ],
    },
    image: picture('demo/courtyard.jpg'),
    publishedAt: '2026-11-02',
    endsAt: '2027-01-31',
  },
  {
    kind: 'promo',
    slug: 'pantry-gift',
    projectId: 3,
    realtyTypes: ['flat', 'pantry'],
    badge: t('Кладовая в подарок', 'Free storage room', '赠送储藏室'),
    title: t('Кладовая в подарок к трёхкомнатной квартире', 'A free storage room with a three-room flat', '购三居室赠送储藏室'),
    lead: t(
      'В «Северных высотах» к каждой трёхкомнатной квартире — кладовая до 5 м² без доплаты.',
      'At Northern Heights every three-room flat comes with a storage room of up to 5 m² at no extra cost.',
      '北方高地每套三居室均赠送一间面积不超过 5 平方米的储藏室。',
    ),
    body: {
      ru: [
        p('Кладовые находятся на подземном этаже того же корпуса, рядом с лифтовым холлом. Предложение действует для квартир с отделкой и без.'),
        ul('Кладовая до 5 м² — 0 ₽', 'Оформление в одном договоре с квартирой'),
      ],
      en: [
        p(
          'The storage rooms are on the underground floor of the same building, next to the lift lobby. The offer applies to flats with and without finishing.',
        ),
        ul('Storage room up to 5 m² — ₽0', 'One contract for the flat and the storage room'),
      ],
      zh: [p('储藏室位于同一栋楼的地下层，紧邻电梯厅。精装与毛坯房源均可参与。'), ul('5 平方米以内储藏室 — 0 卢布', '与住宅签订同一份合同')],
    },
    image: picture('catalogue/covers/vysoty.png', COVER),
    publishedAt: '2026-09-15',
    endsAt: '2026-12-31',
  },
  {
    kind: 'promo',
    slug: 'commercial-rent',
    projectId: 2,
    realtyTypes: ['commercial'],
    badge: t('3 месяца без аренды', '3 months rent-free', '免租 3 个月'),
    title: t('Коммерческие помещения: три месяца без арендной платы', 'Commercial premises: three months rent-free', '商业物业：免租三个月'),
    lead: t(
      'Для кафе, пекарен и сервисов на первых этажах «Соснового берега» — арендные каникулы на время ремонта.',
      'Cafés, bakeries and services on the ground floors of Pine Shore get a rent holiday while they fit out.',
      '入驻松林河岸底商的咖啡馆、面包店和服务类商户，装修期间享受免租期。',
    ),
    body: {
      ru: [p('Помещения от 45 до 180 м² с отдельным входом и витринными окнами на набережную. Мы подберём формат под ваш бизнес и поможем с согласованиями.')],
      en: [
        p(
          'Premises of 45 to 180 m² with their own entrance and shop windows facing the promenade. We will match the space to your business and help with approvals.',
        ),
      ],
      zh: [p('面积 45 至 180 平方米，独立入口，橱窗面向滨河步道。我们将根据您的业态推荐合适的铺位，并协助办理审批。')],
    },
    image: picture('demo/hero.jpg'),
    publishedAt: '2026-08-20',
    endsAt: '2027-03-31',
  },
  {
    kind: 'promo',
    slug: 'summer-instalment',
    projectId: null,
    realtyTypes: ['flat'],
    badge: t('0 %', '0%', '0%'),
    title: t('Летняя рассрочка 0 % на два года', 'Summer offer: two years of 0% instalments', '夏季优惠：两年 0% 分期'),
    lead: t(
      'Первый взнос 30 %, остаток — равными платежами 24 месяца.',
      '30% down, the rest in equal payments over 24 months.',
      '首付 30%，余款 24 个月等额支付。',
    ),
    body: {
      ru: [p('Предложение завершилось 31 августа. Актуальные условия рассрочки расскажет менеджер.')],
      en: [p('The offer ended on 31 August. A manager will tell you about the instalment terms available now.')],
      zh: [p('本活动已于 8 月 31 日结束。当前分期条件请咨询销售经理。')],
    },
    image: picture('demo/render-day.jpg'),
    publishedAt: '2026-06-01',
    endsAt: '2026-08-31',
  },

  // ---------------------------------------------------------------------------------------------------
  // News (addressed by slug: /news/{slug})
  // ---------------------------------------------------------------------------------------------------
  {
    kind: 'news',
    slug: 'zvezdny-presale',
    projectId: 4,
    realtyTypes: ['flat'],
    title: t('«Звёздный сад»: открыт лист ожидания', 'Star Garden: the waiting list is open', '星光花园：开放预约登记'),
    lead: t(
      'Первые покупатели получат доступ к квартирам за две недели до старта продаж.',
      'The first buyers will see the flats two weeks before sales open.',
      '首批登记客户将比正式开盘提前两周选房。',
    ),
    body: {
      ru: [
        p('Мы начинаем проектирование квартала-сада «Звёздный сад»: шесть домов вокруг прогулочного бульвара, детский сад и школа искусств.'),
        p('Оставьте заявку, чтобы первыми узнать цены и выбрать квартиру до открытия продаж.'),
      ],
      en: [
        p('Design work is starting on Star Garden, a garden neighbourhood of six buildings around a walking boulevard, with a kindergarten and an art school.'),
        p('Leave a request to hear the prices first and choose a flat before sales open.'),
      ],
      zh: [p('星光花园花园式社区正式启动设计：六栋住宅环绕林荫步道，配有幼儿园和艺术学校。'), p('提交登记，第一时间获知价格并在开盘前优先选房。')],
    },
    image: picture('catalogue/covers/zvezdny.png', COVER),
    publishedAt: '2026-11-18',
  },
  {
    kind: 'news',
    slug: 'sosnovy-frame-complete',
    projectId: 2,
    realtyTypes: ['flat', 'commercial'],
    title: t('«Сосновый берег»: каркас первого корпуса готов', 'Pine Shore: the frame of building 1 is complete', '松林河岸：1 号楼主体结构封顶'),
    lead: t(
      'Строители перешли к фасадам и инженерным сетям; готовность корпуса — 77 %.',
      'Work has moved on to the facades and services; the building is 77% complete.',
      '施工已转入外立面和管网阶段，整体完成度 77%。',
    ),
    body: {
      ru: [
        p('В ноябре завершено возведение монолитного каркаса корпуса 1. На корпусах 2 и 3 возведено 15 из 17 этажей.'),
        p('Фотоотчёт за каждый месяц — на странице проекта.'),
      ],
      en: [
        p('In November the concrete frame of building 1 was completed. Buildings 2 and 3 are at 15 of 17 floors.'),
        p('The monthly photo reports are on the project page.'),
      ],
      zh: [p('11 月，1 号楼现浇主体结构完工；2 号楼和 3 号楼已建至 17 层中的第 15 层。'), p('每月施工照片请见项目页面。')],
    },
    image: picture('catalogue/progress/sosnovy-2026-11.png', COVER),
    publishedAt: '2026-11-10',
  },
  {
    kind: 'news',
    slug: 'commercial-tenants',
    projectId: 1,
    realtyTypes: ['commercial'],
    title: t('В «Липовом квартале» открылись пекарня и аптека', 'A bakery and a pharmacy open at Linden Quarter', '椴树街区面包店和药店开业'),
    lead: t('Первые этажи квартала заполнены на 90 %.', 'The ground floors are now 90% let.', '街区底商出租率已达 90%。'),
    body: {
      ru: [p('Жители получили пекарню полного цикла, аптеку и пункт выдачи заказов. До конца года откроются кофейня и студия растяжки.')],
      en: [p('Residents now have a bakery, a pharmacy and a parcel point. A coffee shop and a stretching studio will open before the end of the year.')],
      zh: [p('居民已可使用面包店、药店和快递自提点；咖啡馆和拉伸工作室将于年底前开业。')],
    },
    image: picture('catalogue/covers/lipovy.png', COVER),
    publishedAt: '2026-10-28',
  },
  {
    kind: 'news',
    slug: 'vysoty-school',
    projectId: 3,
    realtyTypes: ['flat'],
    title: t('В «Северных высотах» начали строить школу', 'Work starts on the school at Northern Heights', '北方高地学校动工'),
    lead: t(
      'Школа на 825 мест откроется вместе со сдачей первой очереди.',
      'The 825-pupil school will open with the first phase.',
      '可容纳 825 名学生的学校将随一期交付同步开放。',
    ),
    body: {
      ru: [p('Школа будет построена за счёт застройщика и передана городу. В здании — бассейн, два спортзала и мастерские.')],
      en: [p('The developer is building the school at its own cost and will hand it over to the city. It will have a pool, two gyms and workshops.')],
      zh: [p('学校由开发商出资建设并移交市政，内设游泳池、两个体育馆和手工教室。')],
    },
    image: picture('catalogue/covers/vysoty.png', COVER),
    publishedAt: '2026-09-30',
  },
  {
    kind: 'news',
    slug: 'office-opening',
    projectId: null,
    realtyTypes: [],
    title: t('Новый офис продаж на набережной', 'A new sales office on the embankment', '滨河路新销售中心开业'),
    lead: t(
      'Центральный офис переехал и теперь работает ежедневно с 9 до 21.',
      'The central office has moved and is now open daily from 9:00 to 21:00.',
      '中央销售中心已迁址，现每天 9:00–21:00 营业。',
    ),
    body: {
      ru: [
        p('В новом офисе — макеты всех проектов, переговорные и детская комната. Запишитесь на встречу, чтобы менеджер подготовил подборку квартир заранее.'),
      ],
      en: [
        p('The new office has models of every project, meeting rooms and a playroom. Book a meeting so that a manager can prepare a choice of flats for you.'),
      ],
      zh: [p('新销售中心展示全部项目沙盘，设有洽谈室和儿童游乐区。预约到访，销售经理将提前为您准备房源方案。')],
    },
    image: picture('demo/interior.jpg'),
    publishedAt: '2026-08-05',
  },

  // ---------------------------------------------------------------------------------------------------
  // Press mentions (link out to the outlet)
  // ---------------------------------------------------------------------------------------------------
  {
    kind: 'massmedia',
    slug: 'gorod-review-sosnovy',
    projectId: 2,
    realtyTypes: ['flat'],
    title: t('«Сосновый берег» — в пятёрке проектов у воды', 'Pine Shore among the five best waterside projects', '松林河岸入选滨水项目前五'),
    lead: t('Обзор новостроек с собственной набережной.', 'A review of new homes with their own riverfront.', '自带滨河步道的新房盘点。'),
    body: { ru: [], en: [], zh: [] },
    image: picture('demo/masterplan.jpg'),
    source: { name: t('Городской вестник', 'City Herald', '城市导报'), url: 'https://example.com/press/sosnovy-waterside' },
    publishedAt: '2026-11-05',
  },
  {
    kind: 'massmedia',
    slug: 'dom-interview',
    projectId: null,
    realtyTypes: [],
    title: t('Интервью: как строить кварталы, а не дома', 'Interview: building neighbourhoods, not just houses', '专访：打造街区，而不只是楼房'),
    lead: t(
      'Руководитель «Северной линии» о дворах без машин и школах за счёт застройщика.',
      'The head of Severnaya Liniya on car-free courtyards and developer-built schools.',
      '北线开发负责人谈无车庭院与开发商自建学校。',
    ),
    body: { ru: [], en: [], zh: [] },
    image: picture('demo/photo-dusk.jpg'),
    source: { name: t('Дом и город', 'Home & City', '家与城'), url: 'https://example.com/press/interview-severnaya-liniya' },
    publishedAt: '2026-09-12',
  },
];
