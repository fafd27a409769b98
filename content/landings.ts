import type { LandingContent } from '#core/content/landings.ts';

/**
 * The demo developer's landing for foreign buyers, written for each language's readers (spec §1: English for
 * foreign buyers, with English-speaking managers calling back; Chinese likewise). What it says of the process is
 * the general course of a purchase in Moscow, careful not to promise what depends on the buyer's citizenship,
 * residence or bank: each section says so, and the guidance note says it is not legal or tax advice. A manager
 * who speaks the language is promised only in `promise` and `form`, which the page shows when the settings' sales
 * languages include it; the messengers are the settings' (the page lists those set), never written here.
 */
export const LANDING_SLUG = 'buy-in-moscow';

const en: LandingContent = {
  title: 'Buying a flat in Moscow from abroad',
  description:
    'How a foreign buyer purchases a new flat in Moscow: the steps, paying from abroad, signing remotely and the taxes, with a manager who calls you back.',
  hero: {
    kicker: 'For buyers outside Russia',
    title: 'Buying a flat in Moscow from abroad',
    lead: 'Foreign citizens buy flats in our neighbourhoods every year, often without coming to Moscow more than once. Here is how it usually goes, and our managers will walk you through your own case.',
  },
  promise: {
    title: 'An English-speaking manager calls you back',
    text: 'Leave your number and a manager who speaks English calls you back within an hour during office hours, Moscow time (UTC+3).',
    points: [
      'Video viewings of the flat, the building and the courtyard',
      'Documents explained in English; contracts come with a translation for reference',
      'One manager from the first call to the keys',
    ],
  },
  steps: {
    title: 'How the purchase goes',
    items: [
      { title: 'Choose a flat', text: 'Pick flats in the filter or ask a manager for a selection; we show them on a video call or at the sales office.' },
      { title: 'Reserve it', text: 'A free reservation holds the flat and its price while the documents are prepared, usually for a few days.' },
      {
        title: 'Prepare your documents',
        text: 'Your passport with a notarised Russian translation, and usually a Russian taxpayer number (INN), which you can apply for yourself or through a representative.',
      },
      {
        title: 'Sign the contract',
        text: 'For a flat under construction, a shared construction agreement (under Federal Law 214-FZ); for a completed one, a sale and purchase agreement. In person, by power of attorney or with an electronic signature.',
      },
      {
        title: 'Pay',
        text: 'In roubles, through a Russian bank: for a flat under construction the money waits in an escrow account until the building is completed.',
      },
      {
        title: 'Registration and keys',
        text: 'The contract is registered with Rosreestr; you receive the keys when the building is completed and then register your ownership.',
      },
    ],
  },
  payment: {
    title: 'Paying from abroad',
    paragraphs: [
      'Payments for flats in Russia are made in roubles to an account in a Russian bank. For flats under construction the law requires an escrow account: the developer receives the money only after the building is completed.',
      'Money sent from abroad passes the banks’ currency-control checks, and what is possible depends on the country and the bank it comes from. Many buyers open an account with a Russian bank; our managers tell you which partner banks work with foreign clients and what they ask for.',
      'Some Russian banks also lend to foreign citizens, on conditions of their own (residence, income, down payment). Ask us before you count on a mortgage.',
    ],
  },
  signing: {
    title: 'Signing without travelling',
    paragraphs: [
      'You can give a trusted person in Russia a power of attorney: it is certified by a notary, at a Russian consulate or by a local notary with an apostille and a Russian translation.',
      'With a qualified electronic signature the contract can be signed and sent for registration online. Issuing that signature requires identifying you in person once; our managers explain where and how.',
    ],
  },
  taxes: {
    title: 'Taxes',
    paragraphs: [
      'Buying a flat adds no tax on the buyer beyond the state fee for registering the ownership. An owner pays an annual property tax set by Moscow on the flat’s cadastral value.',
      'When a flat is sold, the gain may be taxed. The rate and the exemption after a minimum period of ownership depend on whether you are a Russian tax resident; non-residents generally pay a higher rate.',
      'Your own country may tax the flat or its income as well. A tax adviser who knows both countries can tell you what applies to you.',
    ],
  },
  guidance:
    'This page is the developer’s general guidance on the usual course of a purchase, not legal or tax advice. Rules change and depend on your citizenship, residence and bank; depending on your citizenship, some transactions currently need additional approval. Our lawyers check your case before you sign, and we recommend an independent adviser.',
  faq: {
    title: 'Questions foreign buyers ask',
    items: [
      {
        question: 'Can a foreign citizen own a flat in Moscow?',
        answer:
          'Yes: foreign citizens may generally own flats in Russia. Restrictions concern land in some areas and, for citizens of some countries, transactions that currently need additional approval. We check this for you at the first call.',
      },
      {
        question: 'Do I have to come to Moscow?',
        answer: 'Not necessarily. Many buyers come once, or not at all, and sign by power of attorney or with an electronic signature.',
      },
      {
        question: 'Does owning a flat give me a residence permit?',
        answer: 'No. Owning property in Russia does not by itself give a right of residence; ask a migration lawyer about your options.',
      },
      {
        question: 'In which language is the contract?',
        answer:
          'The contract that is signed and registered is in Russian. We give you a translation for reference, and you may sign with an interpreter present.',
      },
    ],
  },
  form: {
    title: 'Ask for a call back in English',
    lead: 'Tell us what you are looking for; a manager who speaks English calls you back within an hour during office hours.',
  },
};

const zh: LandingContent = {
  title: '从海外购买莫斯科公寓',
  description: '外国买家如何购买莫斯科新房：购房步骤、跨境付款、远程签约与税费说明，并有经理为您回电。',
  hero: {
    kicker: '面向俄罗斯境外的买家',
    title: '从海外购买莫斯科公寓',
    lead: '每年都有外国公民在我们的街区购房，很多人只需来莫斯科一次甚至无需前来。以下是通常的购房流程，我们的经理会结合您的具体情况为您讲解。',
  },
  promise: {
    title: '中文经理为您回电',
    text: '留下您的电话，会说中文的经理将在工作时间（莫斯科时间，UTC+3）一小时内给您回电。',
    points: ['视频看房：公寓、楼栋和庭院', '用中文讲解文件，合同附参考译文', '从第一次通话到交房由同一位经理负责'],
  },
  steps: {
    title: '购房流程',
    items: [
      { title: '选房', text: '在筛选中挑选公寓，或请经理为您推荐；我们可通过视频通话或在售楼处为您展示。' },
      { title: '预留', text: '免费预留可在准备文件期间（通常为几天）锁定房源和价格。' },
      { title: '准备文件', text: '护照及经公证的俄文译本，通常还需要俄罗斯纳税人识别号（INN），可本人或委托代理人办理。' },
      {
        title: '签订合同',
        text: '在建公寓签订共同建设参与合同（依据第214号联邦法）；现房签订买卖合同。可本人签署、凭委托书签署或使用电子签名签署。',
      },
      { title: '付款', text: '通过俄罗斯银行以卢布付款；在建公寓的房款存入托管账户，楼栋竣工后才划转给开发商。' },
      { title: '登记与交房', text: '合同在俄罗斯国家登记局（Rosreestr）登记；楼栋竣工后交房，随后办理产权登记。' },
    ],
  },
  payment: {
    title: '跨境付款',
    paragraphs: [
      '在俄罗斯购房以卢布付款至俄罗斯银行账户。在建公寓依法使用托管账户：楼栋竣工后开发商才能收到房款。',
      '从境外汇入的资金需经过银行的外汇管制审核，具体可行方式取决于汇款国家和银行。许多买家会在俄罗斯银行开立账户；我们的经理会告诉您哪些合作银行接受外国客户以及需要哪些材料。',
      '部分俄罗斯银行也向外国公民提供贷款，但有各自的条件（居留、收入、首付等）。在考虑贷款前请先咨询我们。',
    ],
  },
  signing: {
    title: '无需亲自前来即可签约',
    paragraphs: [
      '您可以委托在俄罗斯的可信人士办理：委托书需经公证——可在俄罗斯领事馆办理，或由当地公证员公证并加注海牙认证（apostille）及俄文翻译。',
      '使用合格电子签名，合同可在线签署并提交登记。办理该电子签名需本人到场进行一次身份核验；具体地点和方式由经理为您说明。',
    ],
  },
  taxes: {
    title: '税费',
    paragraphs: [
      '购房时买方除产权登记的国家规费外无需缴纳其他税款。业主每年按公寓的地籍价值缴纳由莫斯科市规定税率的房产税。',
      '出售公寓时，收益可能需要纳税。税率以及持有满最短期限后的免税取决于您是否为俄罗斯税务居民；非居民通常适用更高税率。',
      '您所在国家也可能对该房产或其收入征税。请咨询熟悉两国税制的税务顾问。',
    ],
  },
  guidance:
    '本页面是开发商对通常购房流程的一般性说明，不构成法律或税务建议。相关规定可能变化，并取决于您的国籍、居留情况和银行；根据国籍不同，部分交易目前需要额外审批。签约前我们的律师会核查您的情况，我们也建议您咨询独立顾问。',
  faq: {
    title: '外国买家常见问题',
    items: [
      {
        question: '外国公民可以在莫斯科拥有公寓吗？',
        answer: '可以：外国公民一般可以在俄罗斯拥有公寓。限制主要涉及部分地区的土地，以及部分国家公民目前需要额外审批的交易。我们会在第一次通话时为您核实。',
      },
      { question: '我必须来莫斯科吗？', answer: '不一定。许多买家只来一次或完全不来，通过委托书或电子签名签约。' },
      { question: '购房能获得居留许可吗？', answer: '不能。在俄罗斯拥有房产本身并不赋予居留权；关于居留方式请咨询移民律师。' },
      { question: '合同使用什么语言？', answer: '签署和登记的合同为俄文。我们会提供参考译文，您也可以在翻译在场的情况下签约。' },
    ],
  },
  form: {
    title: '预约中文回电',
    lead: '告诉我们您的需求，会说中文的经理将在工作时间一小时内给您回电。',
  },
};

export const demoLandings: { slug: string; locale: 'en' | 'zh'; content: LandingContent }[] = [
  { slug: LANDING_SLUG, locale: 'en', content: en },
  { slug: LANDING_SLUG, locale: 'zh', content: zh },
];
