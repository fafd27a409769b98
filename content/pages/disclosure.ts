import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';
import { settings } from '../settings.ts';

export const disclosure: PageContent = {
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
