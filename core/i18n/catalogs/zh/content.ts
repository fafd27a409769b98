import type { Messages } from '../ru/index.ts';

/** Promotions, news and press mentions (/promo, /news). */
export default {
  promo: {
    title: '优惠活动',
    lead: '北线开发各项目的折扣、赠礼与特别购房条件。',
    metaDescription: '北线开发当前优惠：房贷、分期付款、车位和储藏室折扣。',
    empty: '暂无符合条件的优惠活动',
    related: '更多优惠',
    all: '全部优惠',
    request: '咨询活动详情',
    until: '截至 {date}',
    ended: '活动已结束',
    endedText: '本活动已于 {date} 结束。销售经理将为您介绍当前有效的优惠。',
    current: '进行中的优惠',
  },
  news: {
    title: '新闻动态',
    lead: '楼盘建设进展与社区最新动态。',
    metaDescription: '北线开发新闻：施工进度、开盘信息与社区配套。',
    empty: '暂无符合条件的新闻',
    related: '更多新闻',
    all: '全部新闻',
    request: '咨询销售经理',
    press: '媒体报道',
    pressLead: '媒体对北线开发的报道。',
  },
  publications: {
    filters: '筛选',
    project: '项目',
    realtyTypes: '房源类型',
    year: '年份',
    found: '共 {count} 条',
    published: '发布于 {date}',
    readMore: '了解详情',
    source: '来源：{name}',
    newTab: '在新标签页中打开',
    showLots: '查找房源',
    projectPage: '项目介绍',
    types: { flat: '住宅', parking: '车位', pantry: '储藏室', commercial: '商业' },
  },
} satisfies Pick<Messages, 'promo' | 'news' | 'publications'>;
