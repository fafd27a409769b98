import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';

export const dataRecipients: PageContent = {
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
