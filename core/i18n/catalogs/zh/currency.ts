import type { Messages } from '../ru/index.ts';

export default {
  converted: '≈ {amount}（按俄罗斯银行{date}汇率）',
  convertedPerMonth: '≈ 每月 {amount}（按俄罗斯银行{date}汇率）',
  compare: '外币价格',
  switch: {
    label: '同时显示价格的货币',
    submit: '应用',
    none: '仅卢布',
    hint: '价格仍以卢布为准，旁边显示按俄罗斯银行{date}官方汇率折算的金额。',
    stale: '俄罗斯银行汇率近期未更新：价格仅以卢布显示。',
  },
  names: {
    usd: '美元',
    eur: '欧元',
    cny: '人民币',
    aed: '阿联酋迪拉姆',
  },
  filter: {
    unit: '价格（{code}）',
    hint: '以{code}输入的价格范围按俄罗斯银行{date}汇率换算为卢布。',
  },
} satisfies Messages['currency'];
