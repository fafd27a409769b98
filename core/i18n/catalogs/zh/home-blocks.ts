import type { Messages } from '../ru/index.ts';

/** The home page's main slider, project selector, partners and commercial news. */
export default {
  slider: {
    label: '焦点推荐',
    carousel: '轮播',
    slide: '幻灯片',
    slideOf: '第 {index} 张，共 {count} 张',
    previous: '上一张',
    next: '下一张',
    pause: '暂停轮播',
    play: '播放轮播',
    goTo: '第 {index} 张：{title}',
    project: '项目：{name}',
  },
  selector: {
    title: '挑选公寓',
    lead: '选择项目、房间数和预算，符合条件的公寓数量即时更新，更多条件请在筛选页设置。',
    project: '项目',
    anyProject: '全部项目',
    rooms: '房间数',
    budget: '预算',
    anyBudget: '不限预算',
    upTo: '{value}以内',
    option: '{label}（{count}）',
    found: '符合条件的公寓：{count} 套',
    submit: '查看公寓',
  },
  partners: {
    title: '合作伙伴',
    banks: '合作银行',
    others: '合作机构',
    kind: {
      bank: '合作银行',
      architect: '建筑设计事务所',
      contractor: '总承包商',
      agency: '房产中介',
      management: '物业管理公司',
    },
  },
  commercial: {
    title: '商业地产动态',
    all: '全部商业地产新闻',
  },
} satisfies Messages['homeBlocks'];
