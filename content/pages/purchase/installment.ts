import type { PageContent } from '../../types.ts';
import { t } from '#core/i18n/localized.ts';

export const installment: PageContent = {
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
          'График платежей фиксируется в договоре',
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
          'The payment schedule is fixed in the contract',
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
        items: ['各分期方案的首付、期限和加价各不相同，详见下方计算器及各方案的月供', '还款计划在合同中锁定', '车位、储藏室和商业物业同样适用'],
      },
      {
        type: 'p',
        text: '共建参与协议项下的全部款项均存入第三方托管账户，待楼栋竣工投用后才拨付给开发商。具体条件因项目和房源而异，请向销售经理咨询。',
      },
      { type: 'button', text: '选购公寓', href: '/filter' },
    ],
  },
};
