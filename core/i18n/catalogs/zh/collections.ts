import type { Messages as RuMessages } from '../ru/index.ts';

/** Collections of lots, the landings for foreign buyers and the pages for agents and partners. */
const collections: Pick<RuMessages, 'collections' | 'landings' | 'cooperation'> = {
  collections: {
    count: '在售：{count}',
    inFilter: '在筛选中查看',
    lots: '本精选中的公寓',
    empty: '本精选目前没有在售公寓。请在筛选中查看其他房源，或留下申请，我们为您推荐类似房源。',
    homeTitle: '精选房源',
    homeLead: '现房、精装修、家庭户型——数量随销售实时更新。',
    open: '查看精选“{title}”',
  },
  landings: {
    call: '预约回电',
    noManagerTitle: '经理为您回电',
    noManagerText: '留下您的电话，经理将在工作时间为您回电。{speaks}',
    messengers: '或给我们留言',
    stepsLabel: '购房步骤',
    guidanceTitle: '请注意',
    guidanceSections: '付款、签约与税费',
    faq: '常见问题',
    link: '海外购房',
    linkForeign: '外国买家（{language}）',
    linkLead: '外国买家如何在莫斯科购房：步骤、付款、签约与税费。',
    read: '了解海外购房流程',
  },
  cooperation: {
    title: '合作',
    agents: '房产经纪合作',
    partners: '商务合作',
    brokerTour: '预约经纪人参观',
    partnerMeeting: '预约会面',
  },
};
export default collections;
