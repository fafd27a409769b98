import type { Messages } from '../ru/index.ts';

/** The site search: the footer's field and the results page (/search). */
export default {
  label: '站内搜索',
  placeholder: '项目、房源编号、新闻',
  submit: '搜索',
  title: '搜索',
  titleQuery: '搜索：{query}',
  hint: '请输入项目名称、住宅或商铺编号（例如 22），或页面、新闻标题中的词语。',
  short: {
    one: '搜索词太短：请至少输入 {count} 个字符，或输入房源编号。',
    few: '搜索词太短：请至少输入 {count} 个字符，或输入房源编号。',
    many: '搜索词太短：请至少输入 {count} 个字符，或输入房源编号。',
    other: '搜索词太短：请至少输入 {count} 个字符，或输入房源编号。',
  },
  long: {
    one: '搜索词太长：最多 {count} 个字符。',
    few: '搜索词太长：最多 {count} 个字符。',
    many: '搜索词太长：最多 {count} 个字符。',
    other: '搜索词太长：最多 {count} 个字符。',
  },
  none: '未找到与“{query}”相关的结果。请检查房源编号，或换一种方式输入项目名称。',
  found: {
    one: '“{query}”的搜索结果：{count} 条',
    few: '“{query}”的搜索结果：{count} 条',
    many: '“{query}”的搜索结果：{count} 条',
    other: '“{query}”的搜索结果：{count} 条',
  },
  limited: {
    one: '仅显示 {count} 条结果中的前 {shown} 条。请缩小搜索范围：加上项目名称或房源类型。',
    few: '仅显示 {count} 条结果中的前 {shown} 条。请缩小搜索范围：加上项目名称或房源类型。',
    many: '仅显示 {count} 条结果中的前 {shown} 条。请缩小搜索范围：加上项目名称或房源类型。',
    other: '仅显示 {count} 条结果中的前 {shown} 条。请缩小搜索范围：加上项目名称或房源类型。',
  },
  groups: { projects: '项目', lots: '住宅与商铺', pages: '页面、新闻与优惠' },
  lotDetail: '{project}，{floor}',
  phrase: {
    label: '搜索房源',
    filterLabel: '按描述查找',
    placeholder: '两居室 1500万以下 精装修',
    understood: '已识别',
    ignored: '未识别',
    remove: '从搜索中移除“{text}”',
    reason: {
      unknown: '筛选无法识别这些词',
      rates: '暂无俄罗斯央行最新汇率',
      unsupported: '筛选中没有此条件',
    },
    siteSearch: '在全站搜索“{text}”',
    lotsLink: '筛选房源：{criteria}',
  },
} satisfies Messages['search'];
