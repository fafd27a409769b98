import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';

export const agents: PageContent = {
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
