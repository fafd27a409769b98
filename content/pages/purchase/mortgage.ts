import type { PageContent } from '../../types.ts';
import { t } from '#core/i18n/localized.ts';

export const mortgage: PageContent = {
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
