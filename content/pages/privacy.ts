import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';

export const privacy: PageContent = {
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
