import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';

export const careers: PageContent = {
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
