import type { Messages } from '../ru/index.ts';

type Common = Omit<
  Messages,
  | 'alerts'
  | 'auctions'
  | 'catalogue'
  | 'crm'
  | 'currency'
  | 'forms'
  | 'insolation'
  | 'homeBlocks'
  | 'offices'
  | 'purchase'
  | 'reservations'
  | 'search'
  | 'promo'
  | 'news'
  | 'publications'
  | 'stories'
  | 'benefits'
  | 'figures'
  | 'collections'
  | 'landings'
  | 'cooperation'
>;

const common: Common = {
  meta: {
    siteName: '北线开发',
    defaultDescription: '莫斯科开发商直售公寓、车位、储藏室和商业空间。',
  },
  nav: {
    skipToContent: '跳到正文',
    mainMenu: '主菜单',
    openMenu: '打开菜单',
    closeMenu: '关闭菜单',
    home: '首页',
    breadcrumbs: '导航路径',
    submenu: '“{title}”子菜单',
    purchasing: '购买方式',
    mortgage: '抵押贷款',
  },
  header: {
    contact: '立即咨询',
    callUs: '致电：{phone}',
    logoLabel: '{company} — 返回首页',
    favourites: '收藏',
    favouritesCount: '收藏：{count}',
  },
  language: {
    label: '语言',
    current: '网站语言：{name}',
    switchTo: '切换为：{name}',
  },
  contact: {
    title: '联系我们',
    intro: '请选择方便的方式——工作时间内，经理将在一小时内回复您。',
    call: '致电我们',
    callHint: '致电售楼处——我们会立即接听',
    whatsapp: 'WhatsApp',
    whatsappHint: '通过即时通讯联系我们',
    telegram: 'Telegram',
    telegramHint: '通过 Telegram 联系我们',
    wechat: '微信',
    wechatHint: '通过微信号添加我们',
    speaks: '我们的经理会说{languages}。',
    languageNames: { ru: '俄语', en: '英语', zh: '中文' },
    email: '电子邮件',
    emailHint: '我们将在一个工作日内回复',
    close: '关闭',
    hours: '电话与消息：{hours}',
    office: '总部：{address}',
  },
  footer: {
    documents: '文件',
    disclosure: '信息披露',
    legal: '法律信息',
    privacy: '个人数据处理政策',
    dataRecipients: '可能接收个人数据的人员名单',
    copyright: '© {year} {company}。保留所有权利。',
    notOffer: '本网站信息仅供参考，不构成公开要约。',
    socials: '关注我们',
    app: '业主应用',
    appStore: 'App Store',
    googlePlay: 'Google Play',
  },
  error: {
    address: '请求的地址：{path}',
    title404: '页面未找到',
    description404: '此页面仍在建设中。请返回首页或挑选房源。',
    title500: '服务器发生错误',
    description500: '请尝试刷新页面。',
    title502: '网站即将恢复',
    description502: '正在进行技术维护。请几分钟后刷新页面。',
    titleOther: '发生错误',
    descriptionOther: '请尝试刷新页面。',
    title413: '数据过多',
    description413: '此表单只接受简短的文字。请缩短后重新提交。',
    titleCsrf: '请再次提交表单',
    descriptionCsrf: '您的浏览器没有说明表单来自哪个页面，而且还没有我们的安全 Cookie。现在已经设置好了：点击按钮，表单将以相同的内容再次提交。',
    sendAgain: '再次提交',
    title503: '网站繁忙',
    description503: '当前请求过多。请几秒钟后刷新页面。',
    code: '错误 {status}',
    support: '客服电话',
    openFilter: '挑选房源',
    goHome: '返回首页',
    reload: '刷新页面',
    newTab: '（在新标签页中打开）',
  },
  home: {
    /** The hero's main button: the wordings of experiment home-hero-cta (core/flags/features.ts). */
    heroCta: { find: '选购公寓', project: '选择项目' },
    projectsTitle: '我们的项目',
    allProjects: '全部项目',
    contactCta: '获取咨询',
    advantagesTitle: '购房者为何选择我们',
    indicatorsTitle: '关键数据',
    showMore: '展开全部',
    showLess: '收起',
    projectsCta: '查看项目',
    presentationCta: '下载项目介绍',
  },
  page: {
    goToPage: '前往页面',
    updated: '更新于 {date}',
  },
  routes: {
    projects: '项目',
    project: '项目 {id}',
    building: '楼栋 {id}',
    section: '单元 {id}',
    floor: '楼层 {id}',
    sharedProject: '合作项目 {id}',
    lot: '{type} {number} 号',
    filter: '挑选房源',
    seoFilter: '精选',
    selection: '收藏',
    promo: '优惠活动',
    news: '新闻',
    contacts: '联系方式',
    icons: '图标',
    uiKit: 'UI 组件库',
  },
  uiKit: {
    intro: '网站基础界面元素及其各种状态。',
    buttons: '按钮',
    primary: '主要',
    secondary: '次要',
    ghost: '透明',
    disabled: '不可用',
    loading: '加载中…',
    inputs: '输入框',
    name: '姓名',
    namePlaceholder: '我们如何称呼您',
    phone: '电话',
    email: '电子邮件',
    required: '必填项',
    invalidExample: '请只使用字母',
    checkboxes: '复选框',
    consent: '我同意处理我的个人数据',
    newsletter: '我希望接收新闻和优惠信息',
    modals: '弹窗',
    openModal: '打开弹窗',
    modalTitle: '弹窗示例',
    modalText: '按 Esc、点击按钮或点击窗口外部即可关闭；焦点始终保持在窗口内。',
    typography: '排版',
    colours: '颜色',
    sample: '北线开发为您打造舒适的城市生活',
  },
  analytics: {
    notice: {
      label: 'Cookie 提示',
      text: '我们使用 Cookie 和访问统计工具，以了解网站的用处并加以改进。',
      optIn: '经您同意，我们使用 Cookie 和访问统计工具，以了解网站的用处并加以改进。',
      policy: '个人数据处理政策',
      ok: '知道了',
      accept: '接受',
      decline: '拒绝',
    },
  },
  icons: { intro: '网站图标精灵中的全部图标及其名称。' },
};
export default common;
