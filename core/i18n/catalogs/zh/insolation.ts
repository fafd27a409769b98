import type { Messages } from '../ru/index.ts';

export default {
  title: '日照与窗景',
  lead: '一年中三天里住宅窗户获得的直射阳光时长，已计入小区楼栋及周边建筑的遮挡。',
  seasons: { march: '3月21日', june: '6月22日', december: '12月22日' },
  duration: '{h}小时{m}分钟',
  durationHours: '{h}小时',
  durationMinutes: '{m}分钟',
  noSun: '无直射阳光',
  chartLabel: '{date}：窗户直射阳光{duration}',
  arc: '太阳一天的轨迹',
  facing: '太阳位于窗前',
  hours: '一天中的时间',
  norm: {
    met: '符合俄罗斯日照标准（SanPiN 1.2.3685-21）',
    notMet: '不符合俄罗斯日照标准（SanPiN 1.2.3685-21）',
    hints: {
      north: '北部区域（北纬58°以北）标准：4月22日至8月22日期间，至少一间居室（四室及以上住宅为两间）连续日照不少于2.5小时；间断日照须多计半小时。',
      central: '标准：4月22日至8月22日期间，至少一间居室（四室及以上住宅为两间）连续日照不少于2小时；间断日照须多计半小时。',
      south: '南部区域（北纬48°以南）标准：2月22日至10月22日期间，至少一间居室（四室及以上住宅为两间）连续日照不少于1.5小时；间断日照须多计半小时。',
    },
  },
  views: {
    title: '窗外景观',
    side: '{side}向窗户',
    tags: { courtyard: '庭院', park: '公园', water: '水景', street: '街道', city: '城市' },
  },
  sides: { north: '北', east: '东', south: '南', west: '西' },
  layer: {
    show: '显示日照',
    hide: '隐藏日照',
    legend: '3月21日日照',
    under: { one: '少于{count}小时', few: '少于{count}小时', many: '少于{count}小时', other: '少于{count}小时' },
    between: { one: '{from}至{count}小时', few: '{from}至{count}小时', many: '{from}至{count}小时', other: '{from}至{count}小时' },
    atLeast: { one: '{count}小时及以上', few: '{count}小时及以上', many: '{count}小时及以上', other: '{count}小时及以上' },
    noFigures: '无日照计算',
    cell: '3月21日日照：{duration}',
    normMet: '符合日照标准',
    normNotMet: '不符合日照标准',
  },
} satisfies Messages['insolation'];
