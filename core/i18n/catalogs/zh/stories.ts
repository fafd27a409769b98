import type { Messages } from '../ru/index.ts';

/** Stories on phones, the benefits (a project's section and its "why this project" dialog) and a project's figures counted by the catalogue. */
export default {
  stories: {
    title: '快拍',
    open: '快拍：{title}',
    viewer: '快拍「{title}」',
    cardOf: '第 {index} 张，共 {count} 张',
    previous: '上一张',
    next: '下一张',
    pause: '暂停',
    play: '继续播放',
    close: '关闭快拍',
    hint: '点右侧继续，点左侧返回，长按暂停',
    loading: '正在加载…',
    failed: '快拍加载失败，请重试。',
    retry: '重试',
  },
  benefits: {
    title: '项目优势',
    open: '为什么选择{name}',
    dialog: '为什么选择{name}',
    developer: '我们所有项目共享',
  },
  figures: {
    buildings: { one: '栋楼', few: '栋楼', many: '栋楼', other: '栋楼' },
    storeys: { one: '层', few: '层', many: '层', other: '层' },
    flats: { one: '套住宅', few: '套住宅', many: '套住宅', other: '套住宅' },
    parking: { one: '个车位', few: '个车位', many: '个车位', other: '个车位' },
    ceiling: '层高',
    completion: '交付时间',
    metres: '{value} 米',
    range: '{from}–{to}',
  },
} satisfies Pick<Messages, 'stories' | 'benefits' | 'figures'>;
