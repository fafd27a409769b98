import type { PageContent } from '../types.ts';
import { t } from '#core/i18n/localized.ts';

export const legal: PageContent = {
  slug: 'legal',
  template: 'text',
  title: t('Правовая информация', 'Legal information', '法律声明'),
  description: t(
    'Условия использования сайта «Северной линии»: информация на сайте носит справочный характер и не является публичной офертой.',
    'Terms of use of the Severnaya Liniya website: all information is provided for reference only and is not a public offer.',
    '北线开发网站使用条款：网站所有信息仅供参考，不构成公开要约。',
  ),
  body: {
    ru: [
      {
        type: 'p',
        text: 'Вся информация на сайте, включая сведения о ценах, наличии квартир и помещений, планировках, сроках строительства, условиях акций, ипотечных программ и рассрочки, носит исключительно информационный характер и ни при каких условиях не является публичной офертой, определяемой положениями статьи 437 Гражданского кодекса Российской Федерации.',
      },
      { type: 'h2', text: 'Цены и наличие' },
      {
        type: 'p',
        text: 'Цены, наличие лотов и условия покупки меняются и указаны на момент публикации. Окончательные условия определяются договором, заключённым с застройщиком. Актуальную информацию уточняйте в офисе продаж или по телефону +7 495 000-10-10.',
      },
      { type: 'h2', text: 'Изображения и планировки' },
      {
        type: 'p',
        text: 'Визуализации, фотографии интерьеров и изображения благоустройства носят иллюстративный характер. Отделка, цвет фасадов, озеленение, мебель и оборудование могут отличаться от показанных. Площади помещений указаны по проекту и уточняются по результатам кадастровых работ после ввода дома в эксплуатацию.',
      },
      { type: 'h2', text: 'Ипотека и рассрочка' },
      {
        type: 'p',
        text: 'Ипотечные кредиты предоставляют банки-партнёры; решение о выдаче кредита, ставка и сумма зависят от банка и параметров заявки. Ставки, указанные на сайте, минимальные и действуют при соблюдении условий конкретной программы. Рассрочку предоставляет застройщик на условиях договора.',
      },
      { type: 'h2', text: 'Долевое строительство' },
      {
        type: 'p',
        text: 'Строительство ведётся в соответствии с Федеральным законом № 214-ФЗ, а средства покупателей по договорам участия в долевом строительстве размещаются на счетах эскроу. Проектные декларации и разрешительная документация опубликованы в разделе «Раскрытие информации».',
      },
      { type: 'h2', text: 'Интеллектуальная собственность' },
      {
        type: 'p',
        text: 'Тексты, фотографии, визуализации, логотипы и другие материалы сайта охраняются законодательством об интеллектуальной собственности. Копировать и использовать их можно только с письменного согласия ООО «Специализированный застройщик „Северная линия“».',
      },
      { type: 'h2', text: 'Ссылки на сторонние ресурсы' },
      {
        type: 'p',
        text: 'Сайт может содержать ссылки на сайты банков-партнёров и других организаций. Застройщик не отвечает за их содержание и за условия, которые они предлагают.',
      },
    ],
    en: [
      {
        type: 'p',
        text: 'All information on this website — including prices, availability of flats and premises, floor plans, construction schedules and the terms of promotions, mortgages and instalment plans — is provided for information purposes only and under no circumstances constitutes a public offer within the meaning of Article 437 of the Civil Code of the Russian Federation.',
      },
      { type: 'h2', text: 'Prices and availability' },
      {
        type: 'p',
        text: 'Prices, availability and purchase terms change and are shown as of the date of publication. The final terms are those set out in the contract signed with the developer. For up-to-date information, visit our sales office or call +7 495 000-10-10.',
      },
      { type: 'h2', text: 'Images and floor plans' },
      {
        type: 'p',
        text: 'Renders, interior photos and landscaping images are for illustration only. Finishes, façade colours, planting, furniture and equipment may differ from what is shown. Areas are given according to the design documentation and are confirmed by a cadastral survey after the building is commissioned.',
      },
      { type: 'h2', text: 'Mortgages and instalments' },
      {
        type: 'p',
        text: 'Mortgage loans are provided by our partner banks; the lending decision, the rate and the amount depend on the bank and on your application. The rates shown on this website are minimum rates and apply only when the conditions of the specific programme are met. Instalment plans are provided by the developer under the terms of the contract.',
      },
      { type: 'h2', text: 'Shared-equity construction' },
      {
        type: 'p',
        text: 'Construction is carried out under Federal Law No. 214-FZ, and buyers’ payments under shared-construction agreements are held in escrow accounts. Project declarations and permits are published in the Information disclosure section.',
      },
      { type: 'h2', text: 'Intellectual property' },
      {
        type: 'p',
        text: 'Texts, photos, renders, logos and other materials on this website are protected by intellectual property law. They may be copied or used only with the written consent of Severnaya Liniya Specialised Developer LLC.',
      },
      { type: 'h2', text: 'Third-party links' },
      {
        type: 'p',
        text: 'This website may contain links to the websites of partner banks and other organisations. The developer is not responsible for their content or for the terms they offer.',
      },
    ],
    zh: [
      {
        type: 'p',
        text: '本网站所载全部信息，包括价格、公寓及房源供应情况、户型、施工进度以及优惠活动、房贷和分期付款条件，仅供参考，在任何情况下均不构成《俄罗斯联邦民法典》第437条所规定的公开要约。',
      },
      { type: 'h2', text: '价格与房源' },
      {
        type: 'p',
        text: '价格、房源及购房条件可能随时变动，网站所示为发布时的信息，最终条件以与开发商签订的合同为准。如需了解最新信息，请前往售楼处或致电 +7 495 000-10-10。',
      },
      { type: 'h2', text: '图片与户型' },
      {
        type: 'p',
        text: '效果图、室内照片及园林景观图片仅作示意。装修、外立面颜色、绿化、家具和设备可能与图示不同。房屋面积按设计文件标注，竣工投用后以地籍测量结果为准。',
      },
      { type: 'h2', text: '房贷与分期付款' },
      {
        type: 'p',
        text: '房贷由合作银行提供，是否放贷、利率及贷款金额均由银行根据申请情况决定。网站所示利率为最低利率，仅在满足具体贷款方案条件时适用。分期付款由开发商按合同条款提供。',
      },
      { type: 'h2', text: '共建参与' },
      {
        type: 'p',
        text: '项目依据第214号联邦法建设，购房人根据共建参与协议支付的款项存入第三方托管账户。项目声明及许可文件公布在“信息披露”栏目。',
      },
      { type: 'h2', text: '知识产权' },
      {
        type: 'p',
        text: '本网站的文字、照片、效果图、标识及其他资料受知识产权法律保护。未经“北线”专业开发商有限责任公司书面同意，不得复制或使用。',
      },
      { type: 'h2', text: '第三方链接' },
      {
        type: 'p',
        text: '本网站可能包含合作银行及其他机构网站的链接。开发商对上述网站的内容及其提供的条件不承担责任。',
      },
    ],
  },
};
