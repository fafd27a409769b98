/**
 * Site-wide demo content of the fictional developer «Северная линия» / Severnaya Liniya Development /
 * 北线开发: settings, menus, catch-all slug pages, redirects and SEO meta, in Russian, English and
 * Chinese. Every company, bank, person, phone number (+7 495 000-xx-xx), e-mail (@example.ru) and
 * address here is invented. Seeded into the database by server/db/seed.ts.
 */
import type { Localized, MenuLink, PageContent, ProjectSummary, RedirectRow, SeoMetaRow, SiteSettings } from './types.ts';
import { t } from '#core/i18n/localized.ts';

const link = (title: Localized, url: string, children?: MenuLink[]): MenuLink => (children ? { title, url, children } : { title, url });

// ---------------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------------

export const settings: SiteSettings = {
  companyName: t('Северная линия', 'Severnaya Liniya Development', '北线开发'),
  legalName: t('ООО «Специализированный застройщик „Северная линия“»', 'Severnaya Liniya Specialised Developer LLC', '“北线”专业开发商有限责任公司'),
  address: t('Москва, набережная Северного Сияния, 5', '5 Severnogo Siyaniya Embankment, Moscow', '莫斯科，北极光滨河路5号'),
  workingHours: t('Ежедневно с 9:00 до 21:00', 'Daily, 9:00–21:00 (Moscow time)', '每天 9:00–21:00（莫斯科时间）'),
  phones: [
    {
      label: t('Отдел продаж', 'Sales office', '销售部'),
      number: '+74950001010',
    },
    {
      label: t('Коммерческая недвижимость', 'Commercial property', '商业物业'),
      number: '+74950003030',
    },
    {
      label: t('Для иностранных покупателей', 'International buyers (in English)', '外国买家专线（英语）'),
      number: '+74950004040',
    },
  ],
  supportPhone: '+74950002020',
  whatsapp: '+74950001010',
  email: 'sales@example.ru',
  socials: [
    { network: 'telegram', url: 'https://t.me/example' },
    { network: 'vk', url: 'https://vk.com/example' },
    { network: 'youtube', url: 'https://www.youtube.com/@example' },
    { network: 'dzen', url: 'https://dzen.ru/example' },
    // WeChat has no public profile URL: the page shows the official account's QR code.
    { network: 'wechat', url: 'https://example.ru/wechat' },
  ],
  disclosureUrl: 'https://disclosure.example.ru/',
  appStoreUrl: 'https://apps.apple.com/ru/app/id0000000000',
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=ru.example.residents',
};

// ---------------------------------------------------------------------------------------------------
// Projects (ids 1–4 are the catalogue's project ids)
// ---------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------
// Menus
// ---------------------------------------------------------------------------------------------------

export const menus: {
  header: MenuLink[];
  purchasingMethods: MenuLink[];
  mortgage: MenuLink[];
  footer: MenuLink[];
} = {
  header: [
    link(
      t('Проекты', 'Projects', '项目'),
      '/projects',
      projects.map((p) => link(p.name, `/projects/${p.id}`)),
    ),
    link(t('Квартиры и помещения', 'Flats and premises', '公寓与房源'), '/filter'),
    link(t('Машино-места', 'Parking', '车位'), '/filter/mashino-mesta'),
    link(t('Кладовые', 'Storage rooms', '储藏室'), '/filter/kladovye'),
    link(t('Коммерция', 'Commercial', '商业物业'), '/filter/kommercheskaya'),
    link(t('Акции', 'Promotions', '优惠活动'), '/promo'),
    link(t('Новости', 'News', '新闻动态'), '/news'),
    link(t('Контакты', 'Contacts', '联系我们'), '/contacts'),
  ],
  purchasingMethods: [
    link(t('Ипотека', 'Mortgage', '房贷'), '/purchase/mortgage'),
    link(t('Семейная ипотека', 'Family mortgage', '家庭房贷'), '/purchase/family-mortgage'),
    link(t('IT-ипотека', 'IT mortgage', 'IT从业者房贷'), '/purchase/it-mortgage'),
    link(t('Рассрочка', 'Instalment plan', '分期付款'), '/purchase/installment'),
    link(t('Trade-in', 'Trade-in', '以旧换新'), '/purchase/trade-in'),
  ],
  // `min_mortgage_rate` is replaced by the lowest rate of the live finance programmes, each link's own kind (0 when none; spec §3).
  mortgage: [
    link(t('Ипотека от min_mortgage_rate%', 'Mortgage from min_mortgage_rate%', '房贷利率低至 min_mortgage_rate%'), '/purchase/mortgage'),
    link(
      t('Семейная ипотека от min_mortgage_rate%', 'Family mortgage from min_mortgage_rate%', '家庭房贷利率低至 min_mortgage_rate%'),
      '/purchase/family-mortgage',
    ),
    link(t('IT-ипотека от min_mortgage_rate%', 'IT mortgage from min_mortgage_rate%', 'IT从业者房贷利率低至 min_mortgage_rate%'), '/purchase/it-mortgage'),
  ],
  footer: [
    link(t('Покупателям', 'For buyers', '购房服务'), '/projects', [
      link(t('Проекты', 'Projects', '项目'), '/projects'),
      link(t('Квартиры и помещения', 'Flats and premises', '公寓与房源'), '/filter'),
      link(t('Акции', 'Promotions', '优惠活动'), '/promo'),
      link(t('Аукционы', 'Auctions', '拍卖'), '/auctions'),
      link(t('Ипотека', 'Mortgage', '房贷'), '/purchase/mortgage'),
      link(t('Рассрочка', 'Instalment plan', '分期付款'), '/purchase/installment'),
      link(t('Trade-in', 'Trade-in', '以旧换新'), '/purchase/trade-in'),
      link(t('Избранное', 'My selection', '我的收藏'), '/selection'),
    ]),
    link(t('Компания', 'Company', '公司'), '/about', [
      link(t('О компании', 'About us', '公司简介'), '/about'),
      link(t('Новости', 'News', '新闻动态'), '/news'),
      link(t('Карьера', 'Careers', '招贤纳士'), '/careers'),
      link(t('Контакты', 'Contacts', '联系我们'), '/contacts'),
    ]),
    link(t('Документы', 'Documents', '法律文件'), '/disclosure', [
      link(t('Раскрытие информации', 'Information disclosure', '信息披露'), '/disclosure'),
      link(t('Правовая информация', 'Legal information', '法律声明'), '/legal'),
      link(t('Политика обработки персональных данных', 'Personal data processing policy', '个人数据处理政策'), '/privacy'),
      link(
        t('Лица, которым могут передаваться персональные данные', 'Persons to whom personal data may be transferred', '个人数据接收方名单'),
        '/data-recipients',
      ),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// Pages (catch-all slugs). The four policy pages come first; the footer links to them.
// ---------------------------------------------------------------------------------------------------

const disclosure: PageContent = {
  slug: 'disclosure',
  template: 'disclosure',
  title: t('Раскрытие информации', 'Information disclosure', '信息披露'),
  description: t(
    'Проектные декларации, разрешения на строительство и финансовая отчётность застройщика — на единой платформе раскрытия информации.',
    'Project declarations, construction permits and the developer’s financial statements, published on the unified disclosure platform.',
    '开发商的项目声明、建设许可及财务报表均在统一信息披露平台上公布。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'ООО «Специализированный застройщик „Северная линия“» раскрывает информацию о себе и о каждом своём проекте в соответствии с Федеральным законом от 30.12.2004 № 214-ФЗ «Об участии в долевом строительстве многоквартирных домов и иных объектов недвижимости».',
      },
      {
        type: 'p',
        text: 'Документы публикуются не на этом сайте, а на внешней единой платформе раскрытия информации. Там всегда размещены их официальные актуальные версии — со всеми изменениями и датами публикации.',
      },
      { type: 'h2', text: 'Что можно найти на платформе' },
      {
        type: 'ul',
        items: [
          'Проектные декларации и все изменения к ним',
          'Разрешения на строительство и на ввод домов в эксплуатацию',
          'Заключения о соответствии застройщика и проектной декларации требованиям закона',
          'Документы на земельные участки',
          'Годовую бухгалтерскую (финансовую) отчётность и аудиторские заключения',
          'Ежемесячные фотографии хода строительства',
          'Сведения о банке, в котором открываются счета эскроу',
        ],
      },
      {
        type: 'p',
        text: 'Чтобы найти документы, перейдите на платформу и введите в поиске название застройщика или проекта: «Липовый квартал», «Сосновый берег» или «Северные высоты». Документы «Звёздного сада» появятся до старта продаж. Если вы не нашли нужный документ или у вас остались вопросы, напишите нам на sales@example.ru.',
      },
      {
        type: 'button',
        text: 'Перейти на страницу',
        href: settings.disclosureUrl,
        external: true,
      },
    ],
    en: [
      {
        type: 'p',
        text: 'Severnaya Liniya Specialised Developer LLC discloses information about the company and each of its projects as required by Russian Federal Law No. 214-FZ of 30 December 2004 on shared-equity construction of apartment buildings and other real estate.',
      },
      {
        type: 'p',
        text: 'The documents are published not on this website but on an external unified disclosure platform, where you always see the official, up-to-date versions with all amendments and publication dates.',
      },
      { type: 'h2', text: 'What you will find there' },
      {
        type: 'ul',
        items: [
          'Project declarations and all amendments to them',
          'Construction permits and commissioning permits',
          'Official opinions confirming that the developer and its project declarations comply with the law',
          'Land title documents',
          'Annual financial statements and auditor’s reports',
          'Monthly construction progress photos',
          'Details of the bank where escrow accounts are opened',
        ],
      },
      {
        type: 'p',
        text: 'To find the documents, go to the platform and search for the developer or a project: Linden Quarter, Pine Shore or Northern Heights. Documents for Star Garden will be published before sales start. If you cannot find a document or have any questions, write to us at sales@example.ru.',
      },
      {
        type: 'button',
        text: 'Go to page',
        href: settings.disclosureUrl,
        external: true,
      },
    ],
    zh: [
      {
        type: 'p',
        text: '“北线”专业开发商有限责任公司依据2004年12月30日第214号俄罗斯联邦法《关于参与共建多户住宅及其他不动产》的要求，披露公司及各项目的相关信息。',
      },
      {
        type: 'p',
        text: '相关文件不在本网站发布，而是公布在外部统一信息披露平台上。您在平台上看到的始终是官方最新版本，包括全部修订内容及发布日期。',
      },
      { type: 'h2', text: '平台上可查阅的内容' },
      {
        type: 'ul',
        items: [
          '项目声明及其全部修订',
          '建设许可和竣工投用许可',
          '关于开发商及项目声明符合法律要求的官方结论',
          '土地权属文件',
          '年度财务报表及审计报告',
          '每月更新的施工进度照片',
          '开设托管账户的银行信息',
        ],
      },
      {
        type: 'p',
        text: '如需查找文件，请前往平台，搜索开发商或项目名称：“椴树街区”“松林河岸”或“北方高地”。“星光花园”的文件将在开盘前发布。如未找到所需文件或有任何疑问，请发送邮件至 sales@example.ru。',
      },
      {
        type: 'button',
        text: '前往页面',
        href: settings.disclosureUrl,
        external: true,
      },
    ],
  },
};

const legal: PageContent = {
  slug: 'legal',
  template: 'text',
  title: t('Правовая информация', 'Legal information', '法律声明'),
  description: t(
    'Условия использования сайта «Северной линии»: информация на сайте носит справочный характер и не является публичной офертой.',
    'Terms of use of the Severnaya Liniya website: all information is provided for reference only and is not a public offer.',
    '北线开发网站使用条款：网站所有信息仅供参考，不构成公开要约。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Вся информация на сайте, включая сведения о ценах, наличии квартир и помещений, планировках, сроках строительства, условиях акций, ипотечных программ и рассрочки, носит исключительно информационный характер и ни при каких условиях не является публичной офертой, определяемой положениями статьи 437 Гражданского кодекса Российской Федерации.',
      },
      { type: 'h2', text: 'Цены и наличие' },
      {
        type: 'p',
        text: 'Цены, наличие лотов и условия покупки меняются и указаны на момент публикации. Окончательные условия определяются договором, заключённым с застройщиком. Актуальную информацию уточняйте в офисе продаж или по телефону +7 495 000-10-10.',
      },
      { type: 'h2', text: 'Изображения и планировки' },
      {
        type: 'p',
        text: 'Визуализации, фотографии интерьеров и изображения благоустройства носят иллюстративный характер. Отделка, цвет фасадов, озеленение, мебель и оборудование могут отличаться от показанных. Площади помещений указаны по проекту и уточняются по результатам кадастровых работ после ввода дома в эксплуатацию.',
      },
      { type: 'h2', text: 'Ипотека и рассрочка' },
      {
        type: 'p',
        text: 'Ипотечные кредиты предоставляют банки-партнёры; решение о выдаче кредита, ставка и сумма зависят от банка и параметров заявки. Ставки, указанные на сайте, минимальные и действуют при соблюдении условий конкретной программы. Рассрочку предоставляет застройщик на условиях договора.',
      },
      { type: 'h2', text: 'Долевое строительство' },
      {
        type: 'p',
        text: 'Строительство ведётся в соответствии с Федеральным законом № 214-ФЗ, а средства покупателей по договорам участия в долевом строительстве размещаются на счетах эскроу. Проектные декларации и разрешительная документация опубликованы в разделе «Раскрытие информации».',
      },
      { type: 'h2', text: 'Интеллектуальная собственность' },
      {
        type: 'p',
        text: 'Тексты, фотографии, визуализации, логотипы и другие материалы сайта охраняются законодательством об интеллектуальной собственности. Копировать и использовать их можно только с письменного согласия ООО «Специализированный застройщик „Северная линия“».',
      },
      { type: 'h2', text: 'Ссылки на сторонние ресурсы' },
      {
        type: 'p',
        text: 'Сайт может содержать ссылки на сайты банков-партнёров и других организаций. Застройщик не отвечает за их содержание и за условия, которые они предлагают.',
      },
    ],
    en: [
      {
        type: 'p',
        text: 'All information on this website — including prices, availability of flats and premises, floor plans, construction schedules and the terms of promotions, mortgages and instalment plans — is provided for information purposes only and under no circumstances constitutes a public offer within the meaning of Article 437 of the Civil Code of the Russian Federation.',
      },
      { type: 'h2', text: 'Prices and availability' },
      {
        type: 'p',
        text: 'Prices, availability and purchase terms change and are shown as of the date of publication. The final terms are those set out in the contract signed with the developer. For up-to-date information, visit our sales office or call +7 495 000-10-10.',
      },
      { type: 'h2', text: 'Images and floor plans' },
      {
        type: 'p',
        text: 'Renders, interior photos and landscaping images are for illustration only. Finishes, façade colours, planting, furniture and equipment may differ from what is shown. Areas are given according to the design documentation and are confirmed by a cadastral survey after the building is commissioned.',
      },
      { type: 'h2', text: 'Mortgages and instalments' },
      {
        type: 'p',
        text: 'Mortgage loans are provided by our partner banks; the lending decision, the rate and the amount depend on the bank and on your application. The rates shown on this website are minimum rates and apply only when the conditions of the specific programme are met. Instalment plans are provided by the developer under the terms of the contract.',
      },
      { type: 'h2', text: 'Shared-equity construction' },
      {
        type: 'p',
        text: 'Construction is carried out under Federal Law No. 214-FZ, and buyers’ payments under shared-construction agreements are held in escrow accounts. Project declarations and permits are published in the Information disclosure section.',
      },
      { type: 'h2', text: 'Intellectual property' },
      {
        type: 'p',
        text: 'Texts, photos, renders, logos and other materials on this website are protected by intellectual property law. They may be copied or used only with the written consent of Severnaya Liniya Specialised Developer LLC.',
      },
      { type: 'h2', text: 'Third-party links' },
      {
        type: 'p',
        text: 'This website may contain links to the websites of partner banks and other organisations. The developer is not responsible for their content or for the terms they offer.',
      },
    ],
    zh: [
      {
        type: 'p',
        text: '本网站所载全部信息，包括价格、公寓及房源供应情况、户型、施工进度以及优惠活动、房贷和分期付款条件，仅供参考，在任何情况下均不构成《俄罗斯联邦民法典》第437条所规定的公开要约。',
      },
      { type: 'h2', text: '价格与房源' },
      {
        type: 'p',
        text: '价格、房源及购房条件可能随时变动，网站所示为发布时的信息，最终条件以与开发商签订的合同为准。如需了解最新信息，请前往售楼处或致电 +7 495 000-10-10。',
      },
      { type: 'h2', text: '图片与户型' },
      {
        type: 'p',
        text: '效果图、室内照片及园林景观图片仅作示意。装修、外立面颜色、绿化、家具和设备可能与图示不同。房屋面积按设计文件标注，竣工投用后以地籍测量结果为准。',
      },
      { type: 'h2', text: '房贷与分期付款' },
      {
        type: 'p',
        text: '房贷由合作银行提供，是否放贷、利率及贷款金额均由银行根据申请情况决定。网站所示利率为最低利率，仅在满足具体贷款方案条件时适用。分期付款由开发商按合同条款提供。',
      },
      { type: 'h2', text: '共建参与' },
      {
        type: 'p',
        text: '项目依据第214号联邦法建设，购房人根据共建参与协议支付的款项存入第三方托管账户。项目声明及许可文件公布在“信息披露”栏目。',
      },
      { type: 'h2', text: '知识产权' },
      {
        type: 'p',
        text: '本网站的文字、照片、效果图、标识及其他资料受知识产权法律保护。未经“北线”专业开发商有限责任公司书面同意，不得复制或使用。',
      },
      { type: 'h2', text: '第三方链接' },
      {
        type: 'p',
        text: '本网站可能包含合作银行及其他机构网站的链接。开发商对上述网站的内容及其提供的条件不承担责任。',
      },
    ],
  },
};

const privacy: PageContent = {
  slug: 'privacy',
  template: 'text',
  title: t('Политика обработки персональных данных', 'Personal data processing policy', '个人数据处理政策'),
  description: t(
    'Как «Северная линия» собирает, использует, хранит и защищает персональные данные посетителей сайта и клиентов в соответствии с 152-ФЗ.',
    'How Severnaya Liniya collects, uses, stores and protects the personal data of website visitors and customers under Russian Law No. 152-FZ.',
    '北线开发依据第152号联邦法，说明如何收集、使用、存储和保护网站访客及客户的个人数据。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Настоящая политика определяет, как ООО «Специализированный застройщик „Северная линия“» обрабатывает и защищает персональные данные посетителей сайта и клиентов. Политика разработана в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных» и является общедоступным документом.',
      },
      { type: 'h2', text: '1. Оператор' },
      {
        type: 'p',
        text: 'Оператор персональных данных — ООО «Специализированный застройщик „Северная линия“», адрес: Москва, набережная Северного Сияния, 5. По всем вопросам обработки персональных данных пишите на privacy@example.ru.',
      },
      { type: 'h2', text: '2. Какие данные мы обрабатываем' },
      {
        type: 'ul',
        items: [
          'Имя',
          'Номер телефона',
          'Адрес электронной почты',
          'Содержание заявки: интересующий проект, тип и параметры помещения, удобное время для звонка',
          'Файлы cookie и идентификаторы систем веб-аналитики и коллтрекинга, IP-адрес, сведения о браузере и устройстве, источник перехода, просмотренные страницы и время на сайте',
        ],
      },
      {
        type: 'p',
        text: 'Мы не обрабатываем специальные категории персональных данных (о здоровье, убеждениях и т. п.) и биометрические данные. Паспортные и другие данные, необходимые для заключения договора, запрашиваются отдельно — в офисе продаж при оформлении сделки.',
      },
      { type: 'h2', text: '3. Цели обработки' },
      {
        type: 'ul',
        items: [
          'Ответить на заявку: перезвонить, проконсультировать, подобрать квартиру или помещение, записать на встречу или показ',
          'Подготовить и заключить договор бронирования, участия в долевом строительстве или купли-продажи',
          'Направлять новости и предложения — только если вы дали на это отдельное согласие',
          'Анализировать посещаемость и улучшать работу сайта',
          'Защищать сайт от спама и автоматических заявок',
        ],
      },
      { type: 'h2', text: '4. Правовые основания' },
      {
        type: 'p',
        text: 'Мы обрабатываем персональные данные на основании вашего согласия, которое вы даёте, отмечая соответствующий пункт в форме на сайте (п. 1 ч. 1 ст. 6 Закона № 152-ФЗ). Согласие на получение рассылки даётся отдельно и не является условием отправки заявки. Если вы заключаете с нами договор, данные также обрабатываются для его заключения и исполнения (п. 5 ч. 1 ст. 6).',
      },
      { type: 'h2', text: '5. Как мы обрабатываем данные' },
      {
        type: 'p',
        text: 'Обработка ведётся с использованием средств автоматизации и без них и включает сбор, запись, систематизацию, накопление, хранение, уточнение, извлечение, использование, передачу (предоставление, доступ), обезличивание, блокирование, удаление и уничтожение. Запись, систематизация, накопление и хранение данных граждан России ведутся в базах данных, расположенных на территории Российской Федерации.',
      },
      {
        type: 'p',
        text: 'Мы поручаем обработку или передаём данные третьим лицам только для целей, указанных в политике, и при условии, что они соблюдают конфиденциальность и требования закона. Перечень таких лиц опубликован на странице «Лица, которым могут передаваться персональные данные». Трансграничная передача персональных данных не осуществляется.',
      },
      { type: 'h2', text: '6. Сроки хранения' },
      {
        type: 'p',
        text: 'Данные из заявок хранятся до достижения целей обработки, но не дольше трёх лет с момента вашего последнего обращения, либо до отзыва согласия. Данные клиентов, заключивших договор, хранятся в течение срока его действия, а затем — в сроки, установленные законодательством об архивном деле и бухгалтерском учёте. Файлы cookie хранятся в браузере не дольше 12 месяцев. По истечении сроков данные уничтожаются.',
      },
      { type: 'h2', text: '7. Ваши права' },
      {
        type: 'ul',
        items: [
          'Получить сведения о том, какие ваши данные мы обрабатываем, с какой целью и кому передаём',
          'Потребовать уточнить, заблокировать или уничтожить данные, если они неполные, устаревшие, неточные или обрабатываются незаконно',
          'Отозвать согласие на обработку персональных данных и отказаться от рассылки в любой момент',
          'Обжаловать наши действия в Роскомнадзоре или в суде',
        ],
      },
      {
        type: 'p',
        text: 'Мы отвечаем на запросы в течение 10 рабочих дней с момента их получения.',
      },
      { type: 'h2', text: '8. Как отозвать согласие' },
      {
        type: 'p',
        text: 'Направьте письмо на privacy@example.ru с темой «Отзыв согласия» или письменное заявление по адресу оператора. Укажите имя и телефон или e-mail, которые вы оставляли в заявке. Мы прекратим обработку и уничтожим данные в течение 30 дней, если у нас нет иных законных оснований для их хранения. От рассылки можно отписаться и по ссылке в любом письме.',
      },
      {
        type: 'p',
        text: 'Отключить файлы cookie можно в настройках браузера. В этом случае часть функций сайта, например подборка избранных квартир, может работать некорректно.',
      },
      { type: 'h2', text: '9. Защита данных' },
      {
        type: 'p',
        text: 'Мы принимаем правовые, организационные и технические меры защиты: назначен ответственный за организацию обработки персональных данных, доступ к ним есть только у сотрудников, которым он нужен для работы, данные передаются по защищённому протоколу HTTPS, а системы, в которых они хранятся, регулярно проверяются.',
      },
      { type: 'h2', text: '10. Заключительные положения' },
      {
        type: 'p',
        text: 'Политика действует бессрочно, до замены новой редакцией. Новая редакция вступает в силу с момента публикации на сайте. Действующая редакция — от 1 сентября 2026 года.',
      },
    ],
    en: [
      {
        type: 'p',
        text: 'This policy explains how Severnaya Liniya Specialised Developer LLC processes and protects the personal data of website visitors and customers. It has been prepared in accordance with Russian Federal Law No. 152-FZ of 27 July 2006 “On Personal Data” and is publicly available.',
      },
      { type: 'h2', text: '1. Operator' },
      {
        type: 'p',
        text: 'The operator (controller) of personal data is Severnaya Liniya Specialised Developer LLC, 5 Severnogo Siyaniya Embankment, Moscow. For any question about the processing of personal data, please write to privacy@example.ru.',
      },
      { type: 'h2', text: '2. What data we process' },
      {
        type: 'ul',
        items: [
          'Name',
          'Phone number',
          'E-mail address',
          'Details of your request: the project, type and parameters of the premises you are interested in, a convenient time to call',
          'Cookies and web-analytics and call-tracking identifiers, IP address, browser and device information, referral source, pages viewed and time spent on the website',
        ],
      },
      {
        type: 'p',
        text: 'We do not process special categories of personal data (such as health or beliefs) or biometric data. Passport details and other information needed to sign a contract are requested separately, at the sales office, when the deal is being prepared.',
      },
      { type: 'h2', text: '3. Why we process it' },
      {
        type: 'ul',
        items: [
          'To respond to your request: call you back, advise you, find a suitable flat or premises, book a meeting or a viewing',
          'To prepare and sign a reservation agreement, a shared-construction agreement or a sale and purchase agreement',
          'To send you news and offers — only if you have given separate consent',
          'To analyse traffic and improve the website',
          'To protect the website from spam and automated submissions',
        ],
      },
      { type: 'h2', text: '4. Legal basis' },
      {
        type: 'p',
        text: 'We process personal data on the basis of your consent, which you give by ticking the relevant box in a form on the website (Article 6(1)(1) of Law No. 152-FZ). Consent to receive newsletters is given separately and is not a condition for sending a request. If you sign a contract with us, your data is also processed to conclude and perform it (Article 6(1)(5)).',
      },
      { type: 'h2', text: '5. How we process data' },
      {
        type: 'p',
        text: 'Data is processed both with and without automated means. Processing includes collection, recording, systematisation, accumulation, storage, clarification, retrieval, use, transfer (provision, access), depersonalisation, blocking, deletion and destruction. Data of Russian citizens is recorded, systematised, accumulated and stored in databases located in the Russian Federation.',
      },
      {
        type: 'p',
        text: 'We entrust processing to, or share data with, third parties only for the purposes set out in this policy and provided that they keep it confidential and comply with the law. These parties are listed on the page “Persons to whom personal data may be transferred”. We do not transfer personal data outside Russia.',
      },
      { type: 'h2', text: '6. Retention' },
      {
        type: 'p',
        text: 'Data from requests is kept until the purposes of processing are achieved, but no longer than three years after your last contact with us, or until you withdraw your consent. Data of customers who have signed a contract is kept for the term of the contract and then for the periods required by Russian archiving and accounting law. Cookies are stored in your browser for no longer than 12 months. When these periods expire, the data is destroyed.',
      },
      { type: 'h2', text: '7. Your rights' },
      {
        type: 'ul',
        items: [
          'To find out what data we process about you, why, and to whom we transfer it',
          'To ask us to correct, block or destroy data that is incomplete, out of date, inaccurate or unlawfully processed',
          'To withdraw your consent to the processing of personal data and to unsubscribe from newsletters at any time',
          'To complain about our actions to Roskomnadzor, the Russian data protection authority, or to a court',
        ],
      },
      {
        type: 'p',
        text: 'We reply to requests within 10 working days of receiving them.',
      },
      { type: 'h2', text: '8. How to withdraw consent' },
      {
        type: 'p',
        text: 'E-mail privacy@example.ru with the subject “Withdrawal of consent”, or send a written notice to the operator’s address. Please give the name and the phone number or e-mail you used in your request. We will stop processing and destroy your data within 30 days unless we have another lawful basis to keep it. You can also unsubscribe from newsletters via the link in any of our e-mails.',
      },
      {
        type: 'p',
        text: 'You can disable cookies in your browser settings. Some features of the website, such as your saved selection of flats, may then not work properly.',
      },
      { type: 'h2', text: '9. Data security' },
      {
        type: 'p',
        text: 'We take legal, organisational and technical security measures: a person responsible for personal data processing has been appointed, access is limited to employees who need it for their work, data is transmitted over HTTPS, and the systems that store it are checked regularly.',
      },
      { type: 'h2', text: '10. Final provisions' },
      {
        type: 'p',
        text: 'This policy remains in force until it is replaced by a new version, which takes effect when published on the website. Current version: 1 September 2026.',
      },
    ],
    zh: [
      {
        type: 'p',
        text: '本政策说明“北线”专业开发商有限责任公司如何处理和保护网站访客及客户的个人数据。本政策依据2006年7月27日第152号俄罗斯联邦法《个人数据法》制定，属于公开文件。',
      },
      { type: 'h2', text: '一、运营方' },
      {
        type: 'p',
        text: '个人数据运营方为“北线”专业开发商有限责任公司，地址：莫斯科，北极光滨河路5号。有关个人数据处理的任何问题，请发送邮件至 privacy@example.ru。',
      },
      { type: 'h2', text: '二、我们处理哪些数据' },
      {
        type: 'ul',
        items: [
          '姓名',
          '电话号码',
          '电子邮箱',
          '咨询内容：感兴趣的项目、房源类型及参数、方便接听电话的时间',
          'Cookie 以及网站分析和来电追踪系统的标识符、IP 地址、浏览器和设备信息、访问来源、浏览页面及停留时长',
        ],
      },
      {
        type: 'p',
        text: '我们不处理特殊类别的个人数据（如健康状况、信仰等），也不处理生物识别数据。签订合同所需的护照信息等资料，将在办理交易时于售楼处另行收集。',
      },
      { type: 'h2', text: '三、处理目的' },
      {
        type: 'ul',
        items: [
          '回复您的咨询：回电、提供购房建议、挑选公寓或房源、预约会面或看房',
          '准备并签订认购协议、共建参与协议或买卖合同',
          '在您另行同意的前提下，向您发送新闻和优惠信息',
          '分析网站访问情况，改进网站服务',
          '防范垃圾信息和自动提交',
        ],
      },
      { type: 'h2', text: '四、法律依据' },
      {
        type: 'p',
        text: '我们依据您的同意处理个人数据：您在网站表单中勾选相应选项即表示同意（第152号联邦法第6条第1款第1项）。订阅新闻邮件需另行同意，且并非提交咨询的前提条件。如您与我们签订合同，我们还将为订立和履行合同而处理您的数据（第6条第1款第5项）。',
      },
      { type: 'h2', text: '五、数据处理方式' },
      {
        type: 'p',
        text: '数据处理可借助自动化手段进行，也可不借助自动化手段进行，包括收集、记录、整理、积累、存储、更正、提取、使用、传输（提供、访问）、去标识化、封存、删除和销毁。俄罗斯公民数据的记录、整理、积累和存储均使用位于俄罗斯联邦境内的数据库。',
      },
      {
        type: 'p',
        text: '我们仅为本政策所述目的，并在第三方承诺保密和遵守法律的前提下，委托其处理或向其传输数据。相关方名单公布在“个人数据接收方名单”页面。我们不进行个人数据跨境传输。',
      },
      { type: 'h2', text: '六、保存期限' },
      {
        type: 'p',
        text: '咨询数据保存至处理目的达成为止，但自您最后一次联系我们起不超过三年，或保存至您撤回同意为止。已签约客户的数据在合同有效期内保存，此后按俄罗斯档案和会计法律规定的期限保存。Cookie 在您浏览器中的保存时间不超过12个月。期限届满后，数据将被销毁。',
      },
      { type: 'h2', text: '七、您的权利' },
      {
        type: 'ul',
        items: [
          '了解我们处理您的哪些数据、处理目的以及数据传输对象',
          '要求更正、封存或销毁不完整、过时、不准确或被非法处理的数据',
          '随时撤回对个人数据处理的同意，并退订新闻邮件',
          '就我们的行为向俄罗斯个人数据保护主管机关（联邦通信、信息技术和大众传媒监督局）或法院投诉',
        ],
      },
      { type: 'p', text: '我们将在收到请求后10个工作日内予以答复。' },
      { type: 'h2', text: '八、如何撤回同意' },
      {
        type: 'p',
        text: '请发送邮件至 privacy@example.ru，主题注明“撤回同意”，或向运营方地址寄送书面申请，并注明您在咨询时留下的姓名及电话或电子邮箱。除非我们有其他合法依据保存数据，否则将在30天内停止处理并销毁您的数据。您也可以通过我们任意一封邮件中的链接退订新闻邮件。',
      },
      {
        type: 'p',
        text: '您可以在浏览器设置中禁用 Cookie。此时网站的部分功能（例如公寓收藏夹）可能无法正常使用。',
      },
      { type: 'h2', text: '九、数据安全' },
      {
        type: 'p',
        text: '我们采取法律、组织和技术措施保护数据：指定了个人数据处理负责人；仅因工作需要的员工方可访问数据；数据通过 HTTPS 加密传输；存储数据的系统定期接受检查。',
      },
      { type: 'h2', text: '十、附则' },
      {
        type: 'p',
        text: '本政策长期有效，直至被新版本取代；新版本自在网站发布之日起生效。现行版本日期：2026年9月1日。',
      },
    ],
  },
};

const dataRecipients: PageContent = {
  slug: 'data-recipients',
  template: 'text',
  title: t('Лица, которым могут передаваться персональные данные', 'Persons to whom personal data may be transferred', '个人数据接收方名单'),
  description: t(
    'Перечень организаций, которым «Северная линия» может поручать обработку персональных данных, и цели такой передачи.',
    'The organisations that Severnaya Liniya may entrust with processing personal data, and the purposes of each transfer.',
    '北线开发可能委托处理个人数据的机构名单及相应目的。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'ООО «Специализированный застройщик „Северная линия“» может поручать обработку персональных данных или передавать их перечисленным ниже лицам — только в целях, указанных в Политике обработки персональных данных, и в необходимом для этих целей объёме. Каждый получатель обязан соблюдать конфиденциальность и требования Федерального закона № 152-ФЗ.',
      },
      { type: 'h2', text: 'Обработка заявок и связь с клиентами' },
      {
        type: 'ul',
        items: [
          'ООО «Облако продаж» — CRM-система: хранение заявок и истории обращений, распределение заявок между менеджерами',
          'ООО «Голос сервиса» — колл-центр: звонки в ответ на заявки, подтверждение встреч и показов',
          'ООО «Вестник рассылок» — сервис e-mail- и SMS-рассылок: отправка новостей и предложений тем, кто дал на это согласие',
        ],
      },
      { type: 'h2', text: 'Банки-партнёры' },
      {
        type: 'ul',
        items: [
          'АО «Банк Белый маяк» — рассмотрение ипотечных заявок, открытие счетов эскроу',
          'АО «Полярный кредит» — рассмотрение ипотечных заявок',
          'АО «Банк Зелёная долина» — рассмотрение ипотечных заявок',
        ],
      },
      {
        type: 'p',
        text: 'Данные передаются в банк только по вашему поручению — когда вы просите нас подать заявку на ипотеку.',
      },
      { type: 'h2', text: 'Аналитика и техническая инфраструктура' },
      {
        type: 'ul',
        items: [
          'Сервисы веб-аналитики и коллтрекинга — идентификаторы cookie и сведения о посещениях для оценки работы сайта и рекламы',
          'Сервис мониторинга ошибок — технические сведения о работе сайта в браузере для поиска и исправления сбоев',
          'ООО «Дата-центр Север» — хостинг: размещение сайта и баз данных на серверах в Москве',
        ],
      },
      { type: 'h2', text: 'Партнёры по сделкам' },
      {
        type: 'ul',
        items: [
          'ООО «Агентство недвижимости „Новоселье“» — оценка и продажа квартиры клиента по программе trade-in',
          'Агентства недвижимости и брокеры, через которых вы к нам обратились, — сопровождение вашей сделки',
        ],
      },
      {
        type: 'p',
        text: 'Перечень актуален на дату публикации и обновляется при смене партнёров. Вопросы о передаче персональных данных направляйте на privacy@example.ru.',
      },
    ],
    en: [
      {
        type: 'p',
        text: 'Severnaya Liniya Specialised Developer LLC may entrust the processing of personal data to, or transfer it to, the parties listed below — only for the purposes set out in the Personal data processing policy and only to the extent those purposes require. Every recipient is bound to keep the data confidential and to comply with Federal Law No. 152-FZ.',
      },
      { type: 'h2', text: 'Handling requests and contacting customers' },
      {
        type: 'ul',
        items: [
          'Oblako Prodazh LLC — CRM system: storing requests and contact history, assigning requests to sales managers',
          'Golos Servisa LLC — call centre: returning calls on requests, confirming meetings and viewings',
          'Vestnik Rassylok LLC — e-mail and SMS service: sending news and offers to those who have agreed to receive them',
        ],
      },
      { type: 'h2', text: 'Partner banks' },
      {
        type: 'ul',
        items: [
          'Bank Bely Mayak JSC — reviewing mortgage applications, opening escrow accounts',
          'Polyarny Kredit JSC — reviewing mortgage applications',
          'Bank Zelyonaya Dolina JSC — reviewing mortgage applications',
        ],
      },
      {
        type: 'p',
        text: 'Your data is sent to a bank only on your instruction — when you ask us to submit a mortgage application for you.',
      },
      { type: 'h2', text: 'Analytics and technical infrastructure' },
      {
        type: 'ul',
        items: [
          'Web-analytics and call-tracking services — cookie identifiers and visit data to measure how the website and advertising perform',
          'Error-monitoring service — technical data on how the website runs in your browser, to find and fix faults',
          'Data-Tsentr Sever LLC — hosting: the website and its databases on servers in Moscow',
        ],
      },
      { type: 'h2', text: 'Transaction partners' },
      {
        type: 'ul',
        items: [
          'Novoselye Real Estate Agency LLC — valuing and selling a customer’s flat under the trade-in programme',
          'Real-estate agencies and brokers through whom you contacted us — supporting your purchase',
        ],
      },
      {
        type: 'p',
        text: 'This list is current as of the date of publication and is updated whenever our partners change. Please send any questions about the transfer of personal data to privacy@example.ru.',
      },
    ],
    zh: [
      {
        type: 'p',
        text: '“北线”专业开发商有限责任公司可能委托下列各方处理个人数据或向其传输个人数据，但仅限于《个人数据处理政策》所述目的，且不超出实现该目的所必需的范围。所有接收方均有义务保守数据秘密，并遵守第152号联邦法的要求。',
      },
      { type: 'h2', text: '咨询处理与客户联络' },
      {
        type: 'ul',
        items: [
          '“销售云”有限责任公司——CRM 系统：存储咨询记录及沟通历史，向销售经理分配咨询',
          '“服务之声”有限责任公司——呼叫中心：回电答复咨询，确认会面及看房预约',
          '“邮讯通”有限责任公司——邮件及短信服务：向已同意接收的用户发送新闻和优惠信息',
        ],
      },
      { type: 'h2', text: '合作银行' },
      {
        type: 'ul',
        items: ['“白灯塔银行”股份公司——审核房贷申请，开立托管账户', '“极地信贷”股份公司——审核房贷申请', '“绿谷银行”股份公司——审核房贷申请'],
      },
      {
        type: 'p',
        text: '只有在您委托我们代为提交房贷申请时，我们才会将您的数据传输给银行。',
      },
      { type: 'h2', text: '数据分析与技术基础设施' },
      {
        type: 'ul',
        items: [
          '网站分析及来电追踪服务——Cookie 标识符和访问数据，用于评估网站及广告效果',
          '错误监控服务——网站在浏览器中运行的技术数据，用于发现和修复故障',
          '“北方数据中心”有限责任公司——托管服务：网站及数据库部署在莫斯科的服务器上',
        ],
      },
      { type: 'h2', text: '交易合作伙伴' },
      {
        type: 'ul',
        items: ['“乔迁”房地产中介有限责任公司——在以旧换新计划中评估并出售客户的旧房', '您联系我们时所通过的房地产中介和经纪人——协助办理您的购房交易'],
      },
      {
        type: 'p',
        text: '本名单截至发布之日有效，合作伙伴变更时将及时更新。有关个人数据传输的问题，请发送邮件至 privacy@example.ru。',
      },
    ],
  },
};

const about: PageContent = {
  slug: 'about',
  template: 'text',
  title: t('О компании', 'About us', '公司简介'),
  description: t(
    '«Северная линия» — московский девелопер жилых кварталов для семей с детьми: четыре проекта, 12 корпусов и более 3 100 квартир и помещений.',
    'Severnaya Liniya is a Moscow developer of family neighbourhoods: four projects, 12 buildings and over 3,100 flats and premises.',
    '北线开发是莫斯科的家庭住宅社区开发商：共四个项目、12栋住宅楼、3100余套公寓及各类房源。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: '«Северная линия» строит в Москве жилые кварталы, в которых удобно растить детей: с дворами без машин, детскими садами и школами рядом с домом, подземными паркингами и кладовыми. Наша команда работает в девелопменте 25 лет.',
      },
      { type: 'h2', text: 'Наши принципы' },
      {
        type: 'ul',
        items: [
          'Строим по 214-ФЗ: все расчёты с покупателями проходят через счета эскроу',
          'Проектируем квартал целиком — школы, сады, скверы и магазины вводим вместе с домами',
          'Показываем реальный ход стройки: ежемесячные фотографии и сравнение визуализаций с готовыми домами',
          'Остаёмся рядом после сдачи: в каждом квартале работает сервис для жителей',
        ],
      },
      { type: 'h2', text: 'Проекты' },
      {
        type: 'p',
        text: '«Липовый квартал» сдан в 2023 году — 1 240 семей уже получили ключи. «Сосновый берег» и «Северные высоты» строятся, а в «Звёздном саду» скоро стартуют продажи: оставьте заявку, чтобы первыми узнать цены и выбрать квартиру.',
      },
      { type: 'button', text: 'Смотреть проекты', href: '/projects' },
    ],
    en: [
      {
        type: 'p',
        text: 'Severnaya Liniya builds neighbourhoods in Moscow where it is easy to raise children: car-free courtyards, kindergartens and schools next to home, underground parking and storage rooms. Our team has 25 years of experience in property development.',
      },
      { type: 'h2', text: 'Our principles' },
      {
        type: 'ul',
        items: [
          'We build under Federal Law No. 214-FZ: every buyer’s payment goes through an escrow account',
          'We design the whole neighbourhood — schools, kindergartens, squares and shops open together with the homes',
          'We show real construction progress: monthly photos and renders compared with the finished buildings',
          'We stay after completion: every neighbourhood has its own residents’ service',
        ],
      },
      { type: 'h2', text: 'Projects' },
      {
        type: 'p',
        text: 'Linden Quarter was completed in 2023, and 1,240 families already have their keys. Pine Shore and Northern Heights are under construction, and sales at Star Garden start soon — register your interest to be the first to see prices and choose a flat.',
      },
      { type: 'button', text: 'View projects', href: '/projects' },
    ],
    zh: [
      {
        type: 'p',
        text: '北线开发在莫斯科打造适合养育孩子的住宅社区：庭院无车通行，幼儿园和学校就在家附近，并配有地下车库和储藏室。我们的团队拥有25年房地产开发经验。',
      },
      { type: 'h2', text: '我们的原则' },
      {
        type: 'ul',
        items: [
          '依据第214号联邦法建设：购房人的所有款项均通过第三方托管账户支付',
          '整体规划社区：学校、幼儿园、街心花园和商店与住宅同步交付',
          '如实展示施工进度：每月更新实景照片，并将效果图与建成实景对比',
          '交付后持续服务：每个社区都设有住户服务中心',
        ],
      },
      { type: 'h2', text: '我们的项目' },
      {
        type: 'p',
        text: '“椴树街区”已于2023年交付，1240户家庭已经入住。“松林河岸”和“北方高地”正在建设中，“星光花园”即将开盘——欢迎登记意向，第一时间了解价格并挑选心仪的公寓。',
      },
      { type: 'button', text: '查看项目', href: '/projects' },
    ],
  },
};

const careers: PageContent = {
  slug: 'careers',
  template: 'text',
  title: t('Карьера', 'Careers', '招贤纳士'),
  description: t(
    'Вакансии в «Северной линии»: строительство, проектирование, продажи и сервис для жителей.',
    'Jobs at Severnaya Liniya Development in construction, design, sales and residents’ services.',
    '北线开发招聘施工、设计、销售及住户服务等岗位人才。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Мы растём вместе с нашими кварталами и ищем людей, которым важно качество — от фундамента до последней скамейки во дворе.',
      },
      { type: 'h2', text: 'Кого мы ищем' },
      {
        type: 'ul',
        items: [
          'Инженеров строительного контроля и технического надзора',
          'Архитекторов и BIM-специалистов',
          'Менеджеров по продажам, в том числе со знанием английского или китайского языка',
          'Специалистов сервиса для жителей',
        ],
      },
      { type: 'h2', text: 'Что мы предлагаем' },
      {
        type: 'ul',
        items: [
          'Официальное трудоустройство и конкурентную зарплату',
          'ДМС после испытательного срока',
          'Обучение и профессиональные курсы за счёт компании',
          'Специальные условия на покупку квартиры в наших проектах',
        ],
      },
      {
        type: 'p',
        text: 'Резюме отправляйте на hr@example.ru — мы отвечаем на каждое письмо в течение пяти рабочих дней.',
      },
    ],
    en: [
      {
        type: 'p',
        text: 'We grow together with our neighbourhoods and are looking for people who care about quality — from the foundations to the last bench in the courtyard.',
      },
      { type: 'h2', text: 'Who we are looking for' },
      {
        type: 'ul',
        items: [
          'Construction quality control and technical supervision engineers',
          'Architects and BIM specialists',
          'Sales managers, including speakers of English or Chinese',
          'Residents’ service specialists',
        ],
      },
      { type: 'h2', text: 'What we offer' },
      {
        type: 'ul',
        items: [
          'Official employment and a competitive salary',
          'Private health insurance after the probation period',
          'Training and professional courses paid by the company',
          'Special terms for buying a flat in our projects',
        ],
      },
      {
        type: 'p',
        text: 'Send your CV to hr@example.ru — we reply to every application within five working days.',
      },
    ],
    zh: [
      {
        type: 'p',
        text: '我们与社区共同成长，正在寻找重视品质的伙伴——从地基到庭院里的最后一张长椅。',
      },
      { type: 'h2', text: '招聘岗位' },
      {
        type: 'ul',
        items: ['施工质量控制及技术监督工程师', '建筑师及 BIM 专家', '销售经理（掌握英语或中文者优先）', '住户服务专员'],
      },
      { type: 'h2', text: '我们提供' },
      {
        type: 'ul',
        items: ['正式劳动合同及有竞争力的薪酬', '试用期满后享受商业医疗保险', '公司出资的培训和专业课程', '员工购买公司项目住房专享优惠'],
      },
      {
        type: 'p',
        text: '请将简历发送至 hr@example.ru，我们会在五个工作日内回复每一封来信。',
      },
    ],
  },
};

const mortgage: PageContent = {
  slug: 'purchase/mortgage',
  template: 'text',
  title: t('Ипотека', 'Mortgage', '房贷'),
  description: t(
    'Ипотека от банков-партнёров на квартиры, машино-места и кладовые «Северной линии»: расчёт платежа, одобрение и сделка в офисе продаж.',
    'Mortgages from our partner banks for Severnaya Liniya flats, parking spaces and storage rooms: estimate, approval and signing at our office.',
    '合作银行为北线开发的公寓、车位和储藏室提供房贷：月供测算、审批和签约均可在售楼处完成。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Мы работаем с банками-партнёрами и поможем выбрать программу под ваш бюджет: стандартную, семейную или IT-ипотеку, а также ипотеку со ставкой, субсидированной застройщиком. Программы, которые действуют сегодня, и платёж по каждой — в калькуляторе ниже.',
      },
      { type: 'h2', text: 'Как это устроено' },
      {
        type: 'ul',
        items: [
          'Оставьте заявку — ипотечный специалист бесплатно рассчитает платёж и подберёт программу',
          'Мы отправим заявку сразу в несколько банков; предварительное решение обычно приходит за 1–2 рабочих дня',
          'Договор, кредит и счёт эскроу оформим в офисе продаж — ехать в банк не придётся',
          'Регистрацию договора берём на себя',
        ],
      },
      { type: 'h2', text: 'Что понадобится' },
      {
        type: 'ul',
        items: ['Паспорт', 'СНИЛС', 'Подтверждение дохода — если его запросит банк'],
      },
      {
        type: 'p',
        text: 'Решение о выдаче кредита принимает банк. Ставка и условия зависят от программы, первоначального взноса и срока кредита — актуальные условия уточняйте у менеджера.',
      },
      { type: 'button', text: 'Подобрать квартиру', href: '/filter' },
    ],
    en: [
      {
        type: 'p',
        text: 'We work with partner banks and will help you choose a programme that fits your budget: a standard, family or IT-sector mortgage, or a mortgage with a rate subsidised by the developer. The programmes open today, with the payment of each, are in the calculator below.',
      },
      { type: 'h2', text: 'How it works' },
      {
        type: 'ul',
        items: [
          'Leave a request and our mortgage specialist will estimate your payments and suggest a programme free of charge',
          'We send your application to several banks at once; a preliminary decision usually takes 1–2 working days',
          'The contract, the loan and the escrow account are all arranged at our sales office — no need to visit the bank',
          'We take care of registering the contract',
        ],
      },
      { type: 'h2', text: 'What you will need' },
      {
        type: 'ul',
        items: ['Passport', 'SNILS (Russian personal insurance number)', 'Proof of income, if the bank asks for it'],
      },
      {
        type: 'p',
        text: 'The bank makes the final lending decision. Rates and terms depend on the programme, the down payment and the loan term — please check the current terms with a sales manager. Most programmes are open to Russian citizens; foreign buyers can choose an instalment plan or pay in full.',
      },
      { type: 'button', text: 'Find a flat', href: '/filter' },
    ],
    zh: [
      {
        type: 'p',
        text: '我们与多家银行合作，可帮您选择适合预算的贷款方案：普通房贷、家庭房贷、IT从业者房贷，以及由开发商贴息的优惠房贷。当前有效的方案及各方案的月供，请见下方计算器。',
      },
      { type: 'h2', text: '办理流程' },
      {
        type: 'ul',
        items: [
          '提交申请后，房贷专员将免费为您测算月供并推荐方案',
          '我们会同时向多家银行提交申请，通常1–2个工作日即可获得初步审批结果',
          '合同签订、贷款办理和托管账户开立均在售楼处完成，无需前往银行',
          '合同登记手续由我们代为办理',
        ],
      },
      { type: 'h2', text: '所需材料' },
      {
        type: 'ul',
        items: ['护照', '俄罗斯个人保险账号（SNILS）', '收入证明（如银行要求）'],
      },
      {
        type: 'p',
        text: '是否放贷由银行最终决定。利率和条件取决于贷款方案、首付比例和贷款期限，请向销售经理咨询最新条件。大多数房贷方案面向俄罗斯公民，外国买家可选择分期付款或全款购房。',
      },
      { type: 'button', text: '选购公寓', href: '/filter' },
    ],
  },
};

const familyMortgage: PageContent = {
  slug: 'purchase/family-mortgage',
  template: 'text',
  title: t('Семейная ипотека', 'Family mortgage', '家庭房贷'),
  description: t(
    'Семейная ипотека на квартиры в строящихся домах «Северной линии»: кто может воспользоваться программой и как подать заявку.',
    'Family mortgage for flats in Severnaya Liniya buildings under construction: who is eligible and how to apply.',
    '北线开发在建住宅适用家庭房贷：哪些家庭符合条件，以及如何申请。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Семейная ипотека — государственная программа льготного кредитования для семей с детьми. Она распространяется на квартиры в новостройках, поэтому подходит для всех наших строящихся проектов.',
      },
      { type: 'h2', text: 'Кто может воспользоваться' },
      {
        type: 'ul',
        items: [
          'Семьи с ребёнком, которому ещё не исполнилось шесть лет',
          'Семьи с двумя и более несовершеннолетними детьми',
          'Семьи, воспитывающие ребёнка с инвалидностью',
        ],
      },
      {
        type: 'p',
        text: 'Условия программы устанавливает Правительство Российской Федерации, и они могут меняться. Ипотечный специалист проверит, подходите ли вы под актуальные требования, ещё до подачи заявки в банк.',
      },
      { type: 'h2', text: 'Почему наши кварталы подходят семьям' },
      {
        type: 'p',
        text: 'Детский сад и школа — в нескольких минутах от подъезда, дворы без машин, площадки для детей разного возраста, колясочные на первых этажах и кладовые для велосипедов и санок.',
      },
      { type: 'button', text: 'Выбрать квартиру для семьи', href: '/filter' },
    ],
    en: [
      {
        type: 'p',
        text: 'The family mortgage is a Russian state programme of subsidised loans for families with children. It applies to flats in new buildings, so it can be used in all our projects under construction.',
      },
      { type: 'h2', text: 'Who is eligible' },
      {
        type: 'ul',
        items: ['Families with a child under six', 'Families with two or more children under 18', 'Families raising a child with a disability'],
      },
      {
        type: 'p',
        text: 'The programme terms are set by the Russian Government and may change. Our mortgage specialist will check that you meet the current requirements before your application goes to the bank.',
      },
      { type: 'h2', text: 'Why our neighbourhoods suit families' },
      {
        type: 'p',
        text: 'A kindergarten and a school a few minutes from your door, car-free courtyards, playgrounds for children of all ages, pram rooms on the ground floor and storage rooms for bikes and sledges.',
      },
      { type: 'button', text: 'Find a family flat', href: '/filter' },
    ],
    zh: [
      {
        type: 'p',
        text: '家庭房贷是俄罗斯政府面向有子女家庭推出的优惠贷款计划，适用于新建住宅，因此我们所有在建项目均可使用。',
      },
      { type: 'h2', text: '适用对象' },
      {
        type: 'ul',
        items: ['有未满六周岁子女的家庭', '有两个及以上未成年子女的家庭', '抚养残疾子女的家庭'],
      },
      {
        type: 'p',
        text: '该计划的条件由俄罗斯联邦政府制定，可能有所调整。在向银行提交申请之前，我们的房贷专员会核实您是否符合最新要求。',
      },
      { type: 'h2', text: '为什么我们的社区适合家庭居住' },
      {
        type: 'p',
        text: '幼儿园和学校距家门口仅几分钟路程，庭院无车通行，游乐场适合各年龄段的孩子，一楼设有婴儿车存放间，储藏室可存放自行车和雪橇。',
      },
      { type: 'button', text: '挑选家庭公寓', href: '/filter' },
    ],
  },
};

const itMortgage: PageContent = {
  slug: 'purchase/it-mortgage',
  template: 'text',
  title: t('IT-ипотека', 'IT mortgage', 'IT从业者房贷'),
  description: t(
    'Льготная ипотека для сотрудников аккредитованных IT-компаний на квартиры в строящихся домах «Северной линии».',
    'Subsidised mortgage for employees of accredited IT companies, available for flats in Severnaya Liniya buildings under construction.',
    '面向经认证IT企业员工的优惠房贷，适用于北线开发在建住宅。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'IT-ипотека — государственная программа для специалистов аккредитованных IT-компаний. Её можно использовать для покупки квартиры в любом из наших строящихся домов.',
      },
      { type: 'h2', text: 'Основные требования' },
      {
        type: 'ul',
        items: [
          'Работа в IT-компании, аккредитованной Минцифры России',
          'Соответствие требованиям программы к возрасту, доходу и стажу',
          'Первоначальный взнос — по условиям программы и банка',
        ],
      },
      {
        type: 'p',
        text: 'Требования программы периодически обновляются. Ипотечный специалист проверит их для вас, поможет собрать документы от работодателя и отправит заявку в банки-партнёры.',
      },
      { type: 'button', text: 'Подобрать квартиру', href: '/filter' },
    ],
    en: [
      {
        type: 'p',
        text: 'The IT mortgage is a Russian state programme for specialists working at accredited IT companies. You can use it to buy a flat in any of our buildings under construction.',
      },
      { type: 'h2', text: 'Key requirements' },
      {
        type: 'ul',
        items: [
          'Employment at an IT company accredited by the Russian Ministry of Digital Development',
          'Meeting the programme’s requirements for age, income and length of service',
          'A down payment in line with the programme and the bank’s terms',
        ],
      },
      {
        type: 'p',
        text: 'The programme requirements are updated from time to time. Our mortgage specialist will check them for you, help you collect the documents from your employer and send your application to our partner banks.',
      },
      { type: 'button', text: 'Find a flat', href: '/filter' },
    ],
    zh: [
      {
        type: 'p',
        text: 'IT从业者房贷是俄罗斯政府面向经认证IT企业员工推出的优惠贷款计划，可用于购买我们任一在建住宅中的公寓。',
      },
      { type: 'h2', text: '主要条件' },
      {
        type: 'ul',
        items: ['就职于经俄罗斯数字发展部认证的IT企业', '年龄、收入和工龄符合计划要求', '首付比例符合计划及银行规定'],
      },
      {
        type: 'p',
        text: '计划要求会定期更新。我们的房贷专员将为您核实最新条件，协助您向雇主收集所需文件，并向合作银行提交申请。',
      },
      { type: 'button', text: '选购公寓', href: '/filter' },
    ],
  },
};

const installment: PageContent = {
  slug: 'purchase/installment',
  template: 'text',
  title: t('Рассрочка', 'Instalment plan', '分期付款'),
  description: t(
    'Рассрочка от застройщика на квартиры, машино-места, кладовые и коммерческие помещения «Северной линии» — без банка и справок о доходе.',
    'An instalment plan from the developer for Severnaya Liniya flats, parking spaces, storage rooms and commercial premises — no bank, no proof of income.',
    '开发商为北线开发的公寓、车位、储藏室和商业物业提供分期付款，无需银行贷款，也无需收入证明。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Рассрочка от застройщика — способ купить квартиру без банковского кредита: вы вносите первый взнос, а остаток оплачиваете частями по графику.',
      },
      { type: 'h2', text: 'Условия' },
      {
        type: 'ul',
        items: [
          'Первый взнос, срок и удорожание у каждой программы свои — они и платёж по каждой программе в калькуляторе ниже',
          'Проценты не начисляются: график платежей фиксируется в договоре',
          'Рассрочка доступна и для машино-мест, кладовых и коммерческих помещений',
        ],
      },
      {
        type: 'p',
        text: 'Все платежи по договору участия в долевом строительстве поступают на счёт эскроу и перечисляются застройщику только после ввода дома в эксплуатацию. Условия зависят от проекта и лота — уточняйте их у менеджера.',
      },
      { type: 'button', text: 'Подобрать квартиру', href: '/filter' },
    ],
    en: [
      {
        type: 'p',
        text: 'The developer’s instalment plan lets you buy a flat without a bank loan: you make a first payment and pay the rest in parts on a schedule. It is also a convenient option for foreign buyers.',
      },
      { type: 'h2', text: 'Terms' },
      {
        type: 'ul',
        items: [
          'Each plan has its own first payment, term and markup: they, and the payment of each plan, are in the calculator below',
          'No interest is charged: the payment schedule is fixed in the contract',
          'Also available for parking spaces, storage rooms and commercial premises',
        ],
      },
      {
        type: 'p',
        text: 'All payments under the shared-construction agreement go to an escrow account and are released to the developer only after the building is commissioned. Terms vary by project and unit — please check them with a sales manager.',
      },
      { type: 'button', text: 'Find a flat', href: '/filter' },
    ],
    zh: [
      {
        type: 'p',
        text: '开发商分期付款让您无需银行贷款即可购房：支付首付款后，其余款项按付款计划分期支付。对外国买家而言，这也是一种便捷的选择。',
      },
      { type: 'h2', text: '付款条件' },
      {
        type: 'ul',
        items: ['各分期方案的首付、期限和加价各不相同，详见下方计算器及各方案的月供', '不收取利息：还款计划在合同中锁定', '车位、储藏室和商业物业同样适用'],
      },
      {
        type: 'p',
        text: '共建参与协议项下的全部款项均存入第三方托管账户，待楼栋竣工投用后才拨付给开发商。具体条件因项目和房源而异，请向销售经理咨询。',
      },
      { type: 'button', text: '选购公寓', href: '/filter' },
    ],
  },
};

const tradeIn: PageContent = {
  slug: 'purchase/trade-in',
  template: 'text',
  title: t('Trade-in', 'Trade-in', '以旧换新'),
  description: t(
    'Зачтём стоимость вашей квартиры в покупку новой в проектах «Северной линии»: оценка, продажа и сделка в одном окне.',
    'Trade in your current flat towards a new one in a Severnaya Liniya project: valuation, sale and purchase handled in one place.',
    '将现有住房的价值抵扣北线开发项目的新房房款：评估、出售和交易一站式办理。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Trade-in позволяет переехать в новую квартиру, не занимаясь самостоятельно продажей старой. Мы берём на себя оценку, поиск покупателя и организацию сделки.',
      },
      { type: 'h2', text: 'Как это работает' },
      {
        type: 'ul',
        items: [
          'Бесплатно оцениваем вашу квартиру в течение одного рабочего дня',
          'Бронируем выбранную квартиру в нашем проекте и фиксируем её цену на время продажи — до 60 дней',
          'Партнёрское агентство продаёт вашу квартиру по рыночной цене',
          'Деньги от продажи идут в оплату новой квартиры, а недостающую сумму можно покрыть ипотекой или рассрочкой',
        ],
      },
      {
        type: 'p',
        text: 'Программа действует для квартир в Москве и Московской области. Условия зависят от объекта — уточняйте их у менеджера.',
      },
      { type: 'button', text: 'Подобрать квартиру', href: '/filter' },
    ],
    en: [
      {
        type: 'p',
        text: 'Trade-in lets you move into a new flat without having to sell your old one yourself. We take care of the valuation, finding a buyer and arranging the deal.',
      },
      { type: 'h2', text: 'How it works' },
      {
        type: 'ul',
        items: [
          'We value your flat free of charge within one working day',
          'We reserve the flat you choose in our project and fix its price for the sale period — up to 60 days',
          'Our partner agency sells your flat at the market price',
          'The proceeds go towards your new flat, and any balance can be covered by a mortgage or an instalment plan',
        ],
      },
      {
        type: 'p',
        text: 'The programme applies to flats in Moscow and the Moscow Region. Terms depend on the property — please check them with a sales manager.',
      },
      { type: 'button', text: 'Find a flat', href: '/filter' },
    ],
    zh: [
      {
        type: 'p',
        text: '以旧换新让您无需亲自出售旧房，即可搬入新居。评估、寻找买家和交易安排都由我们负责。',
      },
      { type: 'h2', text: '办理流程' },
      {
        type: 'ul',
        items: [
          '一个工作日内免费评估您的住房',
          '为您预留所选新房，并在旧房出售期间锁定价格，最长60天',
          '合作中介按市场价出售您的旧房',
          '售房款用于支付新房房款，差额可通过房贷或分期付款补足',
        ],
      },
      {
        type: 'p',
        text: '该计划适用于莫斯科市及莫斯科州的住房。具体条件视房产情况而定，请向销售经理咨询。',
      },
      { type: 'button', text: '选购公寓', href: '/filter' },
    ],
  },
};

// Pages for the developer's two professional audiences, each with its booking form under the text.
const agents: PageContent = {
  slug: 'agents',
  template: 'agents',
  title: t('Агентствам и брокерам', 'For agents and brokers', '房产经纪合作'),
  description: t(
    'Брокер-туры по проектам «Северной линии», комиссия по договору с агентством и менеджер, который ведёт ваших клиентов.',
    'Broker tours of Severnaya Liniya’s projects, commission under an agency agreement and a manager who looks after your clients.',
    '北线开发项目经纪人参观团、按代理协议支付佣金，并有专属经理跟进您的客户。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Мы работаем с агентствами недвижимости и частными брокерами по договору: клиент, которого вы привели, закрепляется за вами, а комиссия выплачивается после регистрации сделки.',
      },
      { type: 'h2', text: 'Брокер-тур' },
      {
        type: 'p',
        text: 'Покажем проект изнутри: шоурум, квартиры с отделкой, дворы и инфраструктуру, расскажем о планировках и условиях покупки. Тур длится около часа; выберите проект, день и время ниже.',
      },
      {
        type: 'ul',
        items: [
          'Актуальные цены и планировки в фильтре и в выгрузке для агентств',
          'Фиксация клиента по телефону или письму',
          'Совместные показы с менеджером отдела продаж',
        ],
      },
    ],
    en: [
      {
        type: 'p',
        text: 'We work with estate agencies and independent brokers under an agreement: a client you bring is registered as yours, and the commission is paid once the purchase is registered.',
      },
      { type: 'h2', text: 'Broker tour' },
      {
        type: 'p',
        text: 'We show you the project from the inside: the showroom, finished flats, courtyards and amenities, the layouts and the terms of purchase. A tour takes about an hour; choose the project, day and time below.',
      },
      {
        type: 'ul',
        items: [
          'Current prices and layouts in the filter and in the agencies’ feed',
          'Clients registered to you by phone or e-mail',
          'Viewings together with a sales manager',
        ],
      },
    ],
    zh: [
      { type: 'p', text: '我们与房产中介机构和独立经纪人签约合作：您带来的客户登记在您名下，交易登记完成后支付佣金。' },
      { type: 'h2', text: '经纪人参观团' },
      { type: 'p', text: '我们将带您深入了解项目：样板间、精装修公寓、庭院和配套设施，并介绍户型和购房条件。参观约一小时；请在下方选择项目、日期和时间。' },
      { type: 'ul', items: ['筛选及中介数据源中的实时价格和户型', '通过电话或邮件登记客户', '与销售经理共同带看'] },
    ],
  },
};

const partnersPage: PageContent = {
  slug: 'partners',
  template: 'partners',
  title: t('Партнёрам', 'For partners', '商务合作'),
  description: t(
    'Банки, подрядчики, владельцы земельных участков и агентства: как предложить сотрудничество «Северной линии» и записаться на встречу.',
    'Banks, contractors, landowners and agencies: how to propose a partnership to Severnaya Liniya and book a meeting.',
    '银行、承包商、土地所有者和中介机构：如何向北线开发提出合作并预约会面。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Мы ищем партнёров для новых проектов: банки для ипотечных программ, генеральных подрядчиков и поставщиков, владельцев участков под жилую застройку.',
      },
      { type: 'p', text: 'Выберите офис, тему, день и время — менеджер по развитию подтвердит встречу по телефону или письмом.' },
    ],
    en: [
      {
        type: 'p',
        text: 'We look for partners for new projects: banks for mortgage programmes, general contractors and suppliers, owners of land for housing.',
      },
      { type: 'p', text: 'Choose the office, the topic, the day and the time; a business development manager confirms the meeting by phone or e-mail.' },
    ],
    zh: [
      { type: 'p', text: '我们正在为新项目寻找合作伙伴：房贷项目合作银行、总承包商和供应商，以及住宅开发用地的所有者。' },
      { type: 'p', text: '请选择办公室、主题、日期和时间，业务发展经理将通过电话或邮件确认会面。' },
    ],
  },
};

export const pages: PageContent[] = [
  disclosure,
  legal,
  privacy,
  dataRecipients,
  about,
  careers,
  mortgage,
  familyMortgage,
  itMortgage,
  installment,
  tradeIn,
  agents,
  partnersPage,
];

// ---------------------------------------------------------------------------------------------------
// Redirects (301). The app strips a leading '/old' from both paths before comparing (spec §2).
// ---------------------------------------------------------------------------------------------------

export const redirects: RedirectRow[] = [
  { old_path: '/old/projects/lipovy-kvartal', new_path: '/projects/1' },
  { old_path: '/old/projects/sosnovy-bereg', new_path: '/projects/2' },
  { old_path: '/old/flats', new_path: '/filter' },
  { old_path: '/old/contacts/', new_path: '/contacts' },
  { old_path: '/about-company', new_path: '/about' },
  { old_path: '/policy', new_path: '/privacy' },
  { old_path: '/kvartiry', new_path: '/filter' },
  { old_path: '/parking', new_path: '/filter/mashino-mesta' },
];

// ---------------------------------------------------------------------------------------------------
// SEO meta per path (without locale prefix): title ≤ 60, description ≤ 160 characters.
// ---------------------------------------------------------------------------------------------------

export const seoMeta: SeoMetaRow[] = [
  {
    url: '/',
    title: t('Новостройки в Москве от застройщика «Северная линия»', 'New-build flats in Moscow | Severnaya Liniya Development', '莫斯科新房 | 北线开发'),
    description: t(
      'Квартиры, машино-места, кладовые и коммерческие помещения в четырёх проектах «Северной линии». Ипотека, рассрочка и trade-in.',
      'Flats, parking spaces, storage rooms and commercial premises in four Severnaya Liniya projects in Moscow. Mortgage, instalments and trade-in.',
      '北线开发莫斯科四个项目的公寓、车位、储藏室及商业物业。支持房贷、分期付款和以旧换新。',
    ),
  },
  {
    url: '/projects',
    title: t('Жилые комплексы «Северной линии» в Москве', 'Residential projects in Moscow | Severnaya Liniya', '莫斯科住宅项目 | 北线开发'),
    description: t(
      'Четыре проекта в Москве: сданный «Липовый квартал», строящиеся «Сосновый берег» и «Северные высоты», скоро — старт продаж в «Звёздном саду».',
      'Four projects: completed Linden Quarter, Pine Shore and Northern Heights under construction, and Star Garden, with sales launching soon.',
      '四个项目：已交付的“椴树街区”，在建的“松林河岸”和“北方高地”，以及即将开盘的“星光花园”。',
    ),
  },
  {
    url: '/filter',
    title: t('Квартиры и помещения в новостройках Москвы', 'Flats and premises for sale in Moscow | Severnaya Liniya', '公寓与房源筛选 | 北线开发'),
    description: t(
      'Подбор по проекту, площади, цене, этажу и сроку сдачи: квартиры, машино-места, кладовые и коммерческие помещения.',
      'Filter flats, parking spaces, storage rooms and commercial premises by project, size, price, floor and completion date.',
      '按项目、面积、价格、楼层和交付时间筛选公寓、车位、储藏室及商业物业。',
    ),
  },
  {
    url: '/promo',
    title: t('Акции и специальные предложения «Северной линии»', 'Offers and promotions | Severnaya Liniya', '优惠活动 | 北线开发'),
    description: t(
      'Скидки, субсидированная ипотека, беспроцентная рассрочка и специальные условия на квартиры, машино-места и кладовые.',
      'Discounts, subsidised mortgage rates, interest-free instalments and special terms on flats, parking spaces and storage rooms.',
      '折扣、贴息房贷、免息分期付款，以及公寓、车位和储藏室的专属购房条件。',
    ),
  },
  {
    url: '/news',
    title: t('Новости «Северной линии»', 'News | Severnaya Liniya Development', '新闻动态 | 北线开发'),
    description: t(
      'Ход строительства, старты продаж, сдача домов и жизнь наших кварталов.',
      'Construction progress, sales launches, completions and life in our neighbourhoods.',
      '施工进度、开盘信息、交付动态及社区生活。',
    ),
  },
  {
    url: '/contacts',
    title: t('Контакты офиса продаж «Северной линии»', 'Contacts | Severnaya Liniya Development', '联系我们 | 北线开发'),
    description: t(
      'Адрес, часы работы и телефоны офиса продаж в Москве. Запишитесь на встречу или закажите обратный звонок.',
      'Sales office address, opening hours and phone numbers in Moscow. Book a meeting or request a call back.',
      '莫斯科售楼处地址、营业时间及联系电话。欢迎预约到访或申请回电。',
    ),
  },
  {
    url: '/selection',
    title: t('Избранное — ваша подборка квартир', 'My selection | Severnaya Liniya', '我的收藏 | 北线开发'),
    description: t(
      'Сохранённые квартиры и помещения: сравните варианты и отправьте подборку менеджеру.',
      'The flats and premises you have saved: compare them side by side and send your selection to a sales manager.',
      '您收藏的公寓和房源：并排比较，并可一键发送给销售经理。',
    ),
  },
];
