import type { Messages } from '../../ru/index.ts';

const part: Pick<
  Messages['catalogue'],
  | 'common'
  | 'plural'
  | 'projectStatus'
  | 'lotType'
  | 'lotTypePlural'
  | 'lotShort'
  | 'status'
  | 'rentStatus'
  | 'reservedUntil'
  | 'programme'
  | 'finish'
  | 'rooms'
  | 'completion'
  | 'shared'
  | 'units'
  | 'words'
> = {
  common: {
    from: '{value} 起',
    area: '{value} 平方米',
    perM2: '每平方米 {value}',
    perMonth: '{value}/月',
    perM2Month: '每平方米每月 {value}',
    metres: '{value} 米',
    floor: '{floor} 层',
    section: '{number} 单元',
    soldOut: '已售罄',
    close: '关闭',
    compact: { e3: '', e4: '₽{value}万', e6: '', e8: '₽{value}亿', e9: '' },
  },
  plural: {
    lotsLeft: { one: '在售 {count} 套', few: '在售 {count} 套', many: '在售 {count} 套', other: '在售 {count} 套' },
    lots: { one: '{count} 套', few: '{count} 套', many: '{count} 套', other: '{count} 套' },
    rooms: { one: '{count} 室', few: '{count} 室', many: '{count} 室', other: '{count} 室' },
    floors: { one: '{count} 层', few: '{count} 层', many: '{count} 层', other: '{count} 层' },
    projects: { one: '{count} 个项目', few: '{count} 个项目', many: '{count} 个项目', other: '{count} 个项目' },
    years: { one: '{count} 年', few: '{count} 年', many: '{count} 年', other: '{count} 年' },
  },
  projectStatus: { completed: '已交付', construction: '在建', presale: '即将开盘' },
  lotType: { flat: '公寓', parking: '车位', pantry: '储藏室', commercial: '商业空间' },
  lotTypePlural: { flat: '公寓', parking: '车位', pantry: '储藏室', commercial: '商业空间' },
  lotShort: { flat: '{number} 号公寓', parking: '{number} 号车位', pantry: '{number} 号储藏室', commercial: '{number} 号商铺' },
  status: { free: '在售', booked: '已预订', sold: '已售', auction: '拍卖中', held: '已预留', reserved: '已预留' },
  rentStatus: { free: '出租', booked: '已预订', sold: '已出租', auction: '拍卖中', held: '已预留', reserved: '已预留' },
  reservedUntil: '预留至{date}',
  programme: { label: '购买方式', mortgage: '房贷', 'family-mortgage': '家庭房贷', 'it-mortgage': 'IT从业者房贷', installment: '分期付款' },
  finish: { none: '毛坯', whitebox: '白盒交付', finished: '精装修', furnished: '带家具' },
  rooms: {
    studio: '开间',
    flat: '{count} 居室',
    euroFlat: '欧式 {count} 居室',
    euroShort: '欧式 {count} 居',
    label: '居室',
    chip: { '0': '开间', '1': '1', '2': '2', '3': '3', '4': '4+' },
  },
  completion: { done: '已交付', quarter: '{year} 年第 {number} 季度', phrase: '交付时间：{when}' },
  shared: { badge: '合作项目' },
  units: { price: '₽', area: '平方米' },
  /** Codes stored in the catalogue (views, windows, features, purposes, filter items, picture kinds) as words. */
  words: {
    view: {
      park: '公园景观',
      water: '水景',
      city: '城市景观',
      courtyard: '庭院景观',
      street: '街景',
    },
    window: {
      north: '北',
      south: '南',
      east: '东',
      west: '西',
    },
    feature: {
      loggia: '内阳台',
      balcony: '阳台',
      wardrobe: '衣帽间',
      master_bedroom: '主卧套房',
      two_bathrooms: '双卫生间',
      terrace: '露台',
      panoramic_windows: '落地窗',
      laundry: '洗衣房',
      ev_charging: '电动车充电桩',
      wide: '宽车位',
      near_lift: '靠近电梯',
      street_entrance: '临街入口',
      shop_window: '橱窗',
      wet_point: '上下水点位',
      bathroom_window: '卫生间有窗',
      two_window_room: '双窗房间',
      high_ceilings: '高层高',
      corner: '转角户型',
    },
    purpose: {
      shop: '商店',
      cafe: '咖啡馆',
      office: '办公室',
      services: '生活服务',
      clinic: '诊所',
    },
    spec: {
      project: '项目',
      building: '楼栋',
      type: '房源类型',
      rooms: '房间数',
      euro: '欧式户型',
      price: '价格',
      monthly_payment: '月供',
      area: '面积',
      floor: '楼层',
      completion: '交付时间',
      features: '户型特点',
      view: '窗外景观',
      windows: '窗户朝向',
      sun_march: '3月21日日照',
      sun_norm: '符合日照标准',
      finish: '装修',
      status: '状态',
      discount: '特价',
      not_first_floor: '非首层',
      not_last_floor: '非顶层',
      district: '区域',
      realty_types: '房源类型',
      year: '年份',
    },
    feed: {
      place: '{title}。{project}，{building}，{section}单元，{floor}。',
      floor: '{floor}层',
      floorOf: '{floor}层（共{floors}层）',
      underground: '地下{floor}层',
      completion: '交付时间：{when}。',
      address: '地址：{address}。',
    },
    alt: {
      genplan: '总平面图',
      facade: '立面图',
      floorPlan: '楼层平面图',
      progress: '施工进度',
      floor: '{floor}层',
    },
  },
};
export default part;
