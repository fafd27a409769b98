import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';

export const partnersPage: PageContent = {
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
