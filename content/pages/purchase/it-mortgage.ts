import type { PageContent } from '../../types.ts';
import { t } from '#core/i18n/localized.ts';

export const itMortgage: PageContent = {
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
