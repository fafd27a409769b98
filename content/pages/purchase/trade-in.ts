import type { PageContent } from '../../types.ts';
import { t } from '#core/i18n/localized.ts';

export const tradeIn: PageContent = {
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
